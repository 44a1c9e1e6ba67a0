"""AttnLab's architectures as PyTorch modules, written from the engine's formulas (the C++ header
comments, collected in docs/config-reference.md), with the engine's tensor names, so that
`export_pytorch.export(module, ...)` writes their state_dict as is and `attnlab forward` computes
the same numbers (within 1e-5, float32).

  Seq2Seq              cpp/models/seq2seq.h             lesson 1: SimpleRNN encoder-decoder with attention
  RnnSelfAttentionLM   cpp/models/rnn_self_attention.h  lesson 2: the SimpleRNN + self-attention cell
  RnnLM                cpp/models/rnn_lm.h              lesson 2's baseline (nn.RNN / nn.LSTM / nn.GRU)
  TransformerLM        cpp/models/transformer.h         lesson 3: nn.TransformerEncoderLayer stack, LM or MLM

Each forward takes 1-D token ids (one sentence; the engine reads one at a time) and returns the
logits; `attention(ids)` returns the attention maps as (scores, weights) pairs in the engine's order.
Also here: the hand-written safetensors writer (there is no safetensors package on Debian) and
the sinusoid. Import with /usr/bin/python3 (Debian's python3-torch).
"""

import json
import math
import os
import struct
import subprocess
import sys


def import_torch():
    """torch, installing Debian's python3-torch first when it is missing (root or sudo)."""
    try:
        import torch  # noqa: F401
    except ImportError:
        if sys.executable != "/usr/bin/python3":
            sys.exit("run this with /usr/bin/python3 (Debian's interpreter, the one that sees python3-torch)")
        print("== installing python3-torch (Debian)", file=sys.stderr)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "python3-torch"],
                       check=True, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    import torch
    return torch


torch = import_torch()
nn = torch.nn
F = torch.nn.functional


# ---------------------------------------------------------------------------------------------
# safetensors: 8-byte little-endian header length, JSON header padded with spaces to a multiple
# of 8, then every tensor's bytes back to back (docs/weights-format.md)


def write_safetensors(path, tensors, metadata=None):
    """tensors: dict name -> tensor, written as F32 in this order."""
    header = {"__metadata__": {str(k): str(v) for k, v in (metadata or {}).items()}}
    blobs, offset = [], 0
    for name, t in tensors.items():
        t = t.detach().to(torch.float32).contiguous().cpu()
        if not torch.isfinite(t).all():
            raise ValueError(f"{path}: tensor {name} holds a value that is not finite")
        data = t.numpy().astype("<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-(8 + len(text)) % 8)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)


def read_safetensors(path):
    """name -> float32 tensor (F32 files only: what write_safetensors writes)."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    out = {}
    for name, e in header.items():
        if name == "__metadata__":
            continue
        if e["dtype"] != "F32":
            raise ValueError(f"{path}: tensor {name} is {e['dtype']}; only F32 is read here")
        b, end = e["data_offsets"]
        out[name] = torch.frombuffer(bytearray(data[8 + n + b:8 + n + end]), dtype=torch.float32).reshape(e["shape"])
    return out


def sinusoid(T, D):
    """The engine's table (cpp/layers/positional.h), in double:
    PE[t, 2i] = sin(t / 10000^(2i/D)), PE[t, 2i+1] = cos(t / 10000^(2i/D))."""
    t = torch.arange(T, dtype=torch.float64)[:, None]
    i = torch.arange(D)
    freq = torch.exp(-((i - i % 2).to(torch.float64) / D) * math.log(10000.0))
    angle = t * freq[None, :]
    return torch.where(i % 2 == 0, torch.sin(angle), torch.cos(angle)).float()


def causal_mask(T):
    """True where attention is not allowed (PyTorch's attn_mask convention): key j > query i."""
    return torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)


# ---------------------------------------------------------------------------------------------
# lessons 1 and 2: the align functions and the recurrent models


class Align(nn.Module):
    """cpp/layers/align.h, names align.w_key / align.w_query / align.v / align.weight:
      additive    e = v^T tanh(W_K h + W_Q s)
      dot         e = (W_K h)^T (W_Q s)
      scaled_dot  e = (W_K h)^T (W_Q s) / sqrt(A)
      general     e = h^T W s"""

    def __init__(self, score, key_dim, query_dim, attn_dim):
        super().__init__()
        self.score, self.attn_dim = score, attn_dim
        if score == "general":
            bound = 1 / math.sqrt(query_dim)
            self.weight = nn.Parameter(torch.empty(key_dim, query_dim).uniform_(-bound, bound))
        else:
            self.w_key = nn.Linear(key_dim, attn_dim, bias=False)
            self.w_query = nn.Linear(query_dim, attn_dim, bias=False)
            if score == "additive":
                self.v = nn.Linear(attn_dim, 1, bias=False)

    def forward(self, keys, queries):
        """keys (S, Dk), queries (N, Dq) -> scores (N, S)."""
        if self.score == "additive":
            return self.v(torch.tanh(self.w_key(keys)[None] + self.w_query(queries)[:, None])).squeeze(-1)
        if self.score == "general":
            return (queries @ self.weight.T) @ keys.T
        e = self.w_query(queries) @ self.w_key(keys).T
        return e / math.sqrt(self.attn_dim) if self.score == "scaled_dot" else e


class Seq2Seq(nn.Module):
    """cpp/models/seq2seq.h (Bahdanau et al. 2015 with SimpleRNNs):
      encoder  h_i = f(A [x_i; h_{i-1}] + b), h_0 = 0                 f = tanh (or relu)
      start    s_0 = h_m, alpha_0 = softmax_i(align(h_i, s_0)), c_0 = sum_i alpha_0i h_i
      decoder  s_j = f(A' [x'_j; c_{j-1}; s_{j-1}] + b'), x'_j = embed(y_{j-1}), y_0 = <bos>
               alpha_j = softmax_i(align(h_i, s_j)), c_j = sum_i alpha_ji h_i
      output   logits_j = out([s_j; c_j])
    attention "none": c_j = h_m at every step."""

    def __init__(self, vocab_size, target_vocab, embed_dim, hidden_size, attention="additive", attn_dim=None,
                 nonlinearity="tanh"):
        super().__init__()
        E, D = embed_dim, hidden_size
        self.target_vocab, self.attention = list(target_vocab), attention
        self.src_embedding = nn.Embedding(vocab_size, E)
        self.encoder = nn.RNN(E, D, nonlinearity=nonlinearity, batch_first=True)
        self.tgt_embedding = nn.Embedding(len(self.target_vocab), E)
        self.decoder = nn.RNN(E + D, D, nonlinearity=nonlinearity, batch_first=True)
        if attention != "none":
            self.align = Align(attention, D, D, attn_dim or D)
        self.out = nn.Linear(2 * D, len(self.target_vocab))

    def run(self, src, targets):
        """Teacher forcing: decoder step j reads targets[j-1] (<bos> first). Returns logits (t, Vt),
        the decoder map (t, S) as (scores, weights) and alpha_0."""
        H = self.encoder(self.src_embedding(src)[None])[0][0]  # (S, D)
        s = H[-1:]
        scores, weights = [], []
        if self.attention != "none":
            e0 = self.align(H, s)
            alpha0 = torch.softmax(e0, dim=-1)
            c = alpha0 @ H
        else:
            alpha0, c = None, H[-1:]
        prev = [self.target_vocab.index("<bos>")] + [int(y) for y in targets[:-1]]
        rows = []
        for y in prev:
            x = self.tgt_embedding(torch.tensor([y]))
            s = self.decoder(torch.cat([x, c], dim=-1)[None], s[None])[0][0]
            if self.attention != "none":
                e = self.align(H, s)
                a = torch.softmax(e, dim=-1)
                c = a @ H
                scores.append(e[0])
                weights.append(a[0])
            else:
                c = H[-1:]
            rows.append(torch.cat([s, c], dim=-1))
        logits = self.out(torch.cat(rows))
        maps = [(torch.stack(scores), torch.stack(weights))] if scores else []
        return logits, maps, alpha0

    def forward(self, src, targets):
        return self.run(src, targets)[0]

    def config(self):
        D = self.encoder.hidden_size
        c = {"architecture": "seq2seq", "vocab_size": self.src_embedding.num_embeddings,
             "embed_dim": self.src_embedding.embedding_dim, "hidden_size": D, "attention": self.attention,
             "target_vocab": self.target_vocab}
        if self.attention != "none":
            c["attn_dim"] = self.align.attn_dim
        if self.encoder.nonlinearity != "tanh":
            c["nonlinearity"] = self.encoder.nonlinearity
        return c


class RnnSelfAttentionLM(nn.Module):
    """cpp/models/rnn_self_attention.h (Cheng, Dong & Lapata 2016, taught with a SimpleRNN):
      variant "c":   h_i = tanh(A [x_i; c_{i-1}] + b)
      variant "ch":  h_i = tanh(A [x_i; c_{i-1}; h_{i-1}] + b)
      alpha_ij = normalize_j(align(h_j, h_i)) for j <= i, c_i = sum_{j<=i} alpha_ij h_j, c_0 = h_0 = 0
      logits_i = head([h_i; c_i])            (the next token)"""

    def __init__(self, vocab_size, embed_dim, hidden_size, attn_dim=None, variant="c", score="additive",
                 normalization="softmax"):
        super().__init__()
        self.variant, self.normalization, D = variant, normalization, hidden_size
        self.embedding = nn.Embedding(vocab_size, embed_dim)
        self.cell = nn.Linear(embed_dim + D * (2 if variant == "ch" else 1), D)
        self.align = Align(score, D, D, attn_dim or D)
        self.head = nn.Linear(2 * D, vocab_size)

    def run(self, ids):
        x = self.embedding(ids)
        D = self.cell.out_features
        c, h = torch.zeros(1, D), torch.zeros(1, D)
        hs, cs, T = [], [], len(ids)
        scores, weights = torch.zeros(T, T), torch.zeros(T, T)
        for i in range(T):
            u = [x[i:i + 1], c] + ([h] if self.variant == "ch" else [])
            h = torch.tanh(self.cell(torch.cat(u, dim=-1)))
            hs.append(h)
            keys = torch.cat(hs)
            e = self.align(keys, h)
            a = torch.softmax(e, dim=-1) if self.normalization == "softmax" else torch.sigmoid(e)
            c = a @ keys
            cs.append(c)
            scores[i, :i + 1], weights[i, :i + 1] = e[0], a[0]
        logits = self.head(torch.cat([torch.cat(hs), torch.cat(cs)], dim=-1))
        return logits, [(scores, weights)]

    def forward(self, ids):
        return self.run(ids)[0]

    def config(self):
        return {"architecture": "rnn_self_attention", "vocab_size": self.embedding.num_embeddings,
                "embed_dim": self.embedding.embedding_dim, "hidden_size": self.cell.out_features, "cell": "rnn",
                "variant": self.variant, "score": self.align.score, "attn_dim": self.align.attn_dim,
                "normalization": self.normalization}


class RnnLM(nn.Module):
    """cpp/models/rnn_lm.h: h_1..h_T = cell(embedding[ids]) from zero, logits_i = head(h_i)."""

    def __init__(self, vocab_size, embed_dim, hidden_size, cell="rnn", nonlinearity="tanh"):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, embed_dim)
        if cell == "rnn":
            self.rnn = nn.RNN(embed_dim, hidden_size, nonlinearity=nonlinearity, batch_first=True)
        else:
            self.rnn = {"lstm": nn.LSTM, "gru": nn.GRU}[cell](embed_dim, hidden_size, batch_first=True)
        self.head = nn.Linear(hidden_size, vocab_size)

    def forward(self, ids):
        return self.head(self.rnn(self.embedding(ids)[None])[0][0])

    def attention(self, ids):
        return []


# ---------------------------------------------------------------------------------------------
# lesson 3: the Transformer encoder


def head_scores(attn, x):
    """Per-head raw scores Q_h K_h^T / sqrt(d_k) (H, T, T) from the module's own in_proj."""
    D, H = attn.embed_dim, attn.num_heads
    K, T = D // H, x.shape[0]
    bias = attn.in_proj_bias if attn.in_proj_bias is not None else None
    q, k, _ = F.linear(x, attn.in_proj_weight, bias).split(D, dim=-1)
    q = q.reshape(T, H, K).transpose(0, 1)
    k = k.reshape(T, H, K).transpose(0, 1)
    return (q / math.sqrt(K)) @ k.transpose(1, 2)


def encoder_attention(layers, x, causal):
    """(scores, weights) of every layer and head of a stack of nn.TransformerEncoderLayer run on
    x (T, D), the engine's map order (layer 1 head 1, layer 1 head 2, ...)."""
    maps, mask = [], causal_mask(x.shape[0]) if causal else None
    for layer in layers:
        x_in = layer.norm1(x) if layer.norm_first else x
        scores = head_scores(layer.self_attn, x_in)
        weights = torch.softmax(scores.masked_fill(mask, float("-inf")) if causal else scores, dim=-1)
        maps += [(scores[h], weights[h]) for h in range(scores.shape[0])]
        x = layer(x[None], src_mask=mask)[0]
    return maps


class TransformerLM(nn.Module):
    """cpp/models/transformer.h: x_0 = embedding[ids] + PE (sinusoid or none), then n_layer
    nn.TransformerEncoderLayer (post- or pre-norm), an optional final LayerNorm, logits = head(x)."""

    def __init__(self, vocab_size, d_model, n_head, n_layer, d_ff, causal=True, activation="relu",
                 positional="sinusoidal", norm_first=False, layer_norm_eps=1e-5, final_norm=False, max_len=128):
        super().__init__()
        self.causal, self.positional, self.max_len = causal, positional, max_len
        self.embedding = nn.Embedding(vocab_size, d_model)
        layer = nn.TransformerEncoderLayer(d_model, n_head, d_ff, dropout=0.0, activation=activation,
                                           layer_norm_eps=layer_norm_eps, batch_first=True, norm_first=norm_first)
        # nn.TransformerEncoder's own ModuleList, so the names are the engine's "layers.{l}...".
        self.layers = nn.TransformerEncoder(layer, n_layer, enable_nested_tensor=False).layers
        self.norm = nn.LayerNorm(d_model, eps=layer_norm_eps) if final_norm else None
        self.head = nn.Linear(d_model, vocab_size)

    def inputs(self, ids):
        x = self.embedding(ids)
        return x + sinusoid(len(ids), x.shape[1]) if self.positional == "sinusoidal" else x

    def forward(self, ids):
        x = self.inputs(ids)
        mask = causal_mask(len(ids)) if self.causal else None
        for layer in self.layers:
            x = layer(x[None], src_mask=mask)[0]
        return self.head(self.norm(x) if self.norm is not None else x)

    def attention(self, ids):
        return encoder_attention(self.layers, self.inputs(ids), self.causal)
