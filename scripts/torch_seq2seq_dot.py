#!/usr/bin/python3
"""The engine's Seq2Seq (cpp/models/seq2seq.cpp) and its training recipe (cpp/train/loop.cpp,
cpp/train/translate.cpp, cpp/train/adam.cpp) written again in PyTorch, to tell an engine bug from
a recipe problem (issue 12, section 2). Prints and saves a learning curve: the training loss every
--log-every steps and the validation exact match and loss every --eval-every steps.

    /usr/bin/python3 scripts/torch_seq2seq_dot.py --steps 10000 --out build/runs/torch_dot.json

The model, as in the engine (E = embed, D = hidden, A = attn_dim):
    encoder   h_i = tanh(W_ih x_i + b_ih + W_hh h_{i-1} + b_hh),  h_0 = 0
    start     s_0 = h_m,  alpha_0 = softmax_i(score(h_i, s_0)),  c_0 = sum_i alpha_0i h_i
    decoder   s_j = tanh(W'_ih [x'_j; c_{j-1}] + b'_ih + W'_hh s_{j-1} + b'_hh),  x'_j = embed(y_{j-1}), y_0 = <bos>
              alpha_j = softmax_i(score(h_i, s_j)),  c_j = sum_i alpha_ji h_i
    output    p(y_j) = softmax(out([s_j; c_j]))
    score     dot: (W_K h_i)^T (W_Q s_j); additive: v^T tanh(W_K h_i + W_Q s_j)

The recipe, as in the engine: embeddings N(0, 1), every other weight and bias U(-1/sqrt(fan_in),
1/sqrt(fan_in)) (the RNNs' fan_in is D, as in torch.nn.RNN); the loss of an example is the mean
cross-entropy over its target words and <eos>, a batch's loss the mean over its examples; the
global gradient norm is clipped to clip_norm (torch.nn.utils.clip_grad_norm_), then Adam
(beta 0.9, 0.999, eps 1e-8; --align-weight-decay as the engine's "align_weight_decay"). Epochs are shuffled; only the order (torch's generator instead of
the engine's) differs. Batches are padded: padding is masked out of the attention, the loss and
s_0 = h_m, so each example sees exactly what the engine computes for it alone.
"""
import argparse
import json
import math
import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def read_tsv(path):
    pairs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 2 and cols[0].strip():
                pairs.append((cols[0].split(), cols[1].split()))
    return pairs


class Seq2Seq(nn.Module):
    def __init__(self, vs, vt, E, D, A, score, bos, eos):
        super().__init__()
        self.D, self.A, self.score, self.bos, self.eos = D, A, score, bos, eos
        self.src_embedding = nn.Embedding(vs, E)
        self.encoder = nn.RNNCell(E, D)
        self.tgt_embedding = nn.Embedding(vt, E)
        self.decoder = nn.RNNCell(E + D, D)
        self.w_key = nn.Linear(D, A, bias=False)  # align.w_key.weight (A, D)
        self.w_query = nn.Linear(D, A, bias=False)  # align.w_query.weight (A, D)
        self.v = nn.Linear(A, 1, bias=False) if score == "additive" else None
        self.out = nn.Linear(2 * D, vt)
        self.spreads = []

    def init_like_engine(self, gen):
        def uni(t, fan_in):
            b = 1.0 / math.sqrt(fan_in)
            with torch.no_grad():
                t.copy_(torch.rand(t.shape, generator=gen) * 2 * b - b)

        with torch.no_grad():
            self.src_embedding.weight.copy_(torch.randn(self.src_embedding.weight.shape, generator=gen))
            self.tgt_embedding.weight.copy_(torch.randn(self.tgt_embedding.weight.shape, generator=gen))
        for cell in (self.encoder, self.decoder):
            for p in cell.parameters():
                uni(p, self.D)
        uni(self.w_key.weight, self.D)
        uni(self.w_query.weight, self.D)
        if self.v is not None:
            uni(self.v.weight, self.A)
        uni(self.out.weight, 2 * self.D)
        uni(self.out.bias, 2 * self.D)

    def encode(self, src, src_len):
        # src (B, S) padded; returns H (B, S, D), kp (B, S, A), h_m (B, D)
        B, S = src.shape
        x = self.src_embedding(src)
        h = x.new_zeros(B, self.D)
        hs = []
        for i in range(S):
            h = self.encoder(x[:, i], h)
            hs.append(h)
        H = torch.stack(hs, 1)
        h_m = H[torch.arange(B), src_len - 1]
        return H, self.w_key(H), h_m

    def attend(self, H, kp, s, mask):
        # s (B, D) -> alpha (B, S), c (B, D)
        qp = self.w_query(s)
        if self.score == "additive":
            e = self.v(torch.tanh(kp + qp[:, None, :])).squeeze(-1)
        else:
            e = torch.bmm(kp, qp[:, :, None]).squeeze(-1)
            if self.score == "scaled_dot":
                e = e / math.sqrt(self.A)
        # how saturated the softmax is: the spread of the raw scores over the source words
        self.spreads.append(e.masked_fill(~mask, float("-inf")).max(-1).values - e.masked_fill(~mask, float("inf")).min(-1).values)
        e = e.masked_fill(~mask, float("-inf"))
        alpha = torch.softmax(e, -1)
        return alpha, torch.bmm(alpha[:, None, :], H).squeeze(1)

    def forced(self, src, src_len, tgt_in):
        # teacher forcing: tgt_in (B, T) = [<bos>, y_1 .. y_{T-1}]; returns logits (B, T, Vt), alphas (B, T, S)
        S = src.shape[1]
        mask = torch.arange(S)[None, :] < src_len[:, None]
        H, kp, s = self.encode(src, src_len)
        _, c = self.attend(H, kp, s, mask)
        self.spreads = []  # filled by attend, one (B,) row per decoder step
        xs = self.tgt_embedding(tgt_in)
        zs, alphas = [], []
        for j in range(tgt_in.shape[1]):
            s = self.decoder(torch.cat([xs[:, j], c], -1), s)
            alpha, c = self.attend(H, kp, s, mask)
            zs.append(torch.cat([s, c], -1))
            alphas.append(alpha)
        return self.out(torch.stack(zs, 1)), torch.stack(alphas, 1)

    @torch.no_grad()
    def greedy(self, src, src_len, max_len):
        B, S = src.shape
        mask = torch.arange(S)[None, :] < src_len[:, None]
        H, kp, s = self.encode(src, src_len)
        _, c = self.attend(H, kp, s, mask)
        prev = torch.full((B,), self.bos, dtype=torch.long)
        outs, done = [], torch.zeros(B, dtype=torch.bool)
        for _ in range(max_len):
            s = self.decoder(torch.cat([self.tgt_embedding(prev), c], -1), s)
            _, c = self.attend(H, kp, s, mask)
            prev = self.out(torch.cat([s, c], -1)).argmax(-1)
            outs.append(prev)
            done |= prev == self.eos
            if bool(done.all()):
                break
        return torch.stack(outs, 1)


def batchify(examples):
    # examples: list of (src ids, tgt ids ending with <eos>)
    B = len(examples)
    S = max(len(e[0]) for e in examples)
    T = max(len(e[1]) for e in examples)
    src = torch.zeros(B, S, dtype=torch.long)
    tgt = torch.zeros(B, T, dtype=torch.long)
    tgt_in = torch.zeros(B, T, dtype=torch.long)
    tmask = torch.zeros(B, T)
    for b, (s, t) in enumerate(examples):
        src[b, : len(s)] = torch.tensor(s)
        tgt[b, : len(t)] = torch.tensor(t)
        tgt_in[b, : len(t)] = torch.tensor([0] + t[:-1])  # <bos> is id 0, checked below
        tmask[b, : len(t)] = 1
    src_len = torch.tensor([len(e[0]) for e in examples])
    return src, src_len, tgt, tgt_in, tmask


def example_losses(model, batch):
    src, src_len, tgt, tgt_in, tmask = batch
    logits, alphas = model.forced(src, src_len, tgt_in)
    ce = F.cross_entropy(logits.transpose(1, 2), tgt, reduction="none") * tmask  # (B, T)
    return ce, tmask, alphas


@torch.no_grad()
def evaluate(model, examples, max_len, bs=100):
    exact, loss_sum, tokens, by_len, spreads, peaks = 0, 0.0, 0, {}, [], []
    for k in range(0, len(examples), bs):
        chunk = examples[k : k + bs]
        batch = batchify(chunk)
        ce, tmask, alphas = example_losses(model, batch)
        spreads.append(torch.stack(model.spreads, 1)[tmask.bool()])
        peaks.append(alphas.max(-1).values[tmask.bool()])
        loss_sum += float(ce.sum())
        tokens += int(tmask.sum())
        out = model.greedy(batch[0], batch[1], max_len).tolist()
        for (s, t), o in zip(chunk, out):
            o = o[: o.index(model.eos)] if model.eos in o else o
            ok = o == t[:-1]
            exact += ok
            n = len(s)
            lo = 0 if n < 3 else 3 + (n - 3) // 5 * 5
            key = f"{lo}-{lo + 4}"
            a, c = by_len.get(key, (0, 0))
            by_len[key] = (a + ok, c + 1)
    return {
        "exact_match": exact / len(examples),
        "loss": loss_sum / tokens,
        "score_spread_median": float(torch.cat(spreads).median()),
        "peak_weight_mean": float(torch.cat(peaks).mean()),
        "by_length": {k: round(a / c, 3) for k, (a, c) in sorted(by_len.items(), key=lambda kv: int(kv[0].split("-")[0]))},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default="build/data/en-fr")
    ap.add_argument("--score", default="dot", choices=["dot", "scaled_dot", "additive"])
    ap.add_argument("--embed", type=int, default=64)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--attn-dim", type=int, default=16)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--clip-norm", type=float, default=1.0)
    ap.add_argument("--align-weight-decay", type=float, default=0.0, help="decoupled decay of W_K, W_Q, v only")
    ap.add_argument("--steps", type=int, default=30000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log-every", type=int, default=500)
    ap.add_argument("--eval-every", type=int, default=1000)
    ap.add_argument("--n-eval", type=int, default=300, help="validation pairs per evaluation (the engine's n_eval)")
    ap.add_argument("--n-test", type=int, default=0, help="test pairs scored at the end (0 = none)")
    ap.add_argument("--max-len", type=int, default=80)
    ap.add_argument("--out", default="", help="write the curve as JSON here")
    args = ap.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)

    vocab = json.load(open(os.path.join(args.corpus, "vocab.json"), encoding="utf-8"))
    sid = {w: i for i, w in enumerate(vocab["source"])}
    tid = {w: i for i, w in enumerate(vocab["target"])}
    assert vocab["target"][0] == "<bos>" and vocab["target"][1] == "<eos>"
    unk = sid["<unk>"]

    def encode(pairs):
        return [([sid.get(w.lower(), unk) for w in en], [tid[w] for w in fr] + [tid["<eos>"]]) for en, fr in pairs]

    train = encode(read_tsv(os.path.join(args.corpus, "train.tsv")))
    valid = encode(read_tsv(os.path.join(args.corpus, "valid.tsv")))[: args.n_eval]
    test = encode(read_tsv(os.path.join(args.corpus, "test.tsv")))
    gen = torch.Generator().manual_seed(args.seed)
    model = Seq2Seq(len(sid), len(tid), args.embed, args.hidden, args.attn_dim, args.score, tid["<bos>"], tid["<eos>"])
    model.init_like_engine(gen)
    # the engine's "align_weight_decay": decoupled decay on W_K, W_Q (and v) only (AdamW parameter groups)
    align = [p for n, p in model.named_parameters() if n.startswith(("w_key", "w_query", "v."))]
    rest = [p for n, p in model.named_parameters() if not n.startswith(("w_key", "w_query", "v."))]
    opt = torch.optim.AdamW(
        [{"params": rest, "weight_decay": 0.0}, {"params": align, "weight_decay": args.align_weight_decay}],
        lr=args.lr, betas=(0.9, 0.999), eps=1e-8)
    print(f"parameters {sum(p.numel() for p in model.parameters())}", flush=True)

    curve = {"args": vars(args), "train_loss": [], "valid": []}
    order, cursor = [], len(train)
    window, n_window, t0 = 0.0, 0, time.time()
    for step in range(1, args.steps + 1):
        chunk = []
        for _ in range(args.batch_size):
            if cursor == len(train):
                order, cursor = torch.randperm(len(train), generator=gen).tolist(), 0
            chunk.append(train[order[cursor]])
            cursor += 1
        ce, tmask, _ = example_losses(model, batchify(chunk))
        loss = (ce.sum(1) / tmask.sum(1)).mean()  # mean over words per example, then over the batch
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip_norm)
        opt.step()
        window += float(loss)
        n_window += 1
        if step % args.log_every == 0:
            curve["train_loss"].append([step, window / n_window])
            print(f"step {step}  loss {window / n_window:.4f}  {time.time() - t0:.0f} s", flush=True)
            window, n_window = 0.0, 0
        if args.eval_every and step % args.eval_every == 0:
            model.eval()
            v = evaluate(model, valid, args.max_len)
            model.train()
            curve["valid"].append({"step": step, **v})
            print(f"  valid ({len(valid)}): exact {v['exact_match']:.3f}  loss {v['loss']:.4f}  score spread {v['score_spread_median']:.1f}  peak weight {v['peak_weight_mean']:.3f}", flush=True)
            if args.out:
                json.dump(curve, open(args.out, "w"), indent=1)
    if args.n_test:
        t = evaluate(model, test[: args.n_test], args.max_len)
        curve["test"] = t
        print(f"test ({args.n_test}): exact {t['exact_match']:.3f}  loss {t['loss']:.4f}  by length {t['by_length']}")
    curve["seconds"] = time.time() - t0
    if args.out:
        json.dump(curve, open(args.out, "w"), indent=1)


if __name__ == "__main__":
    main()
