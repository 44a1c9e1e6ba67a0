// Lesson 3's comparison of one self-attention layer with an RNN and a CNN layer of the same width:
// exact operation counts for the sentence on screen and which tokens each can reach. Pure (no DOM).

export interface LayerCost {
  kind: 'attention' | 'rnn' | 'cnn';
  sequential: number; // operations that must run one after another, per layer
  path: number; // longest path between two tokens, in steps (layers for the CNN)
  pathDilated: number | null; // with dilated convolutions
  /** Exact multiply-adds of one layer of this width for these n tokens (matrix products only). */
  multiplyAdds: number;
  /** The exact count as a formula in n, d, k (TeX), the same for every sentence. */
  formula: string;
  /** How each count grows (TeX big-O classes), shown apart from the numbers. */
  grows: { sequential: string; path: string; multiplyAdds: string };
}

/** How far one layer of a width-k convolution reaches: (k-1)/2 each side, or k-1 back when causal. */
export const convReach = (k: number, causal: boolean): number =>
  Math.max(1, causal ? k - 1 : Math.floor((k - 1) / 2));

/** Query-key pairs one self-attention layer reads: n^2, or n(n+1)/2 when each token reads only back. */
export const attentionPairs = (n: number, causal: boolean): number => (causal ? (n * (n + 1)) / 2 : n * n);

/**
 * One layer of each kind for n tokens of width d, counted exactly for this model's sizes:
 * - self-attention with its projections: q, k, v and the output W^O are four (n x d)(d x d)
 *   products, 4nd^2; the scores and the weighted sums of the values are d multiply-adds per pair
 *   (d_k in each of the h heads, h d_k = d), 2Pd for P pairs. Dot and additive scores cost the same
 *   (an additive score adds q and k, then dots v_h with tanh of the sum).
 * - a SimpleRNN of the same width: h_i = tanh(A [x_i; h_{i-1}] + b), a (2d x d) product per token,
 *   2nd^2, one token after another.
 * - a width-k convolution from d to d channels: k d^2 per token, knd^2 (zero padding counted).
 * Additions of biases and the softmax are left out of all three.
 */
export function layerCosts(n: number, d: number, k: number, causal = false): LayerCost[] {
  const far = Math.max(0, n - 1); // the two ends of the sentence
  const pairs = attentionPairs(n, causal);
  return [
    {
      kind: 'attention',
      sequential: 1,
      path: far > 0 ? 1 : 0,
      pathDilated: null,
      multiplyAdds: 4 * n * d * d + 2 * pairs * d,
      formula: causal ? String.raw`4nd^2 + n(n+1)\,d` : String.raw`4nd^2 + 2n^2 d`,
      grows: { sequential: 'O(1)', path: 'O(1)', multiplyAdds: String.raw`O(n^2 d + n d^2)` },
    },
    {
      kind: 'rnn',
      sequential: n,
      path: far,
      pathDilated: null,
      multiplyAdds: 2 * n * d * d,
      formula: String.raw`2nd^2`,
      grows: { sequential: 'O(n)', path: 'O(n)', multiplyAdds: String.raw`O(n d^2)` },
    },
    {
      kind: 'cnn',
      sequential: 1,
      path: Math.ceil(far / convReach(k, causal)),
      pathDilated: n > 1 ? Math.max(1, Math.ceil(Math.log(n) / Math.log(k))) : 0,
      multiplyAdds: k * n * d * d,
      formula: String.raw`k n d^2`,
      grows: { sequential: 'O(1)', path: String.raw`O(n/k)`, multiplyAdds: String.raw`O(k n d^2)` },
    },
  ];
}

/**
 * Which tokens can influence token i: conv[l][j] after l + 1 layers of a width-k convolution, and
 * attention[j] after one self-attention layer (every token, or those up to i when causal).
 */
export function receptiveField(
  n: number,
  i: number,
  k: number,
  layers: number,
  causal = false,
): { conv: boolean[][]; attention: boolean[] } {
  const reach = convReach(k, causal);
  const conv = Array.from({ length: layers }, (_, l) =>
    Array.from({ length: n }, (_, j) =>
      causal ? j <= i && i - j <= (l + 1) * reach : Math.abs(i - j) <= (l + 1) * reach,
    ),
  );
  const attention = Array.from({ length: n }, (_, j) => !causal || j <= i);
  return { conv, attention };
}
