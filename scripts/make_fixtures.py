#!/usr/bin/python3
"""Tier-2 reference fixtures: what PyTorch computes, for the C++ tests to compare against.

Run with Debian's interpreter, the only one that sees python3-torch:

    /usr/bin/python3 scripts/make_fixtures.py --out tests/fixtures

It writes
  <out>/<case>.safetensors          one file per layer case: inputs, weights (state_dict names),
                                    outputs, the upstream gradient `dout` (R) and the gradients of
                                    loss = sum(out * R) as `grad.<name>` / `grad.input` / ...
  <out>/models/<name>/              whole model folders (config.json, model.safetensors, card.json)
                                    built as nn.Modules whose state_dict names are the engine's,
                                    with input.txt and PyTorch's outputs for it in
                                    expected.safetensors (logits, map.<i>.scores, map.<i>.weights,
                                    hidden, and the other trace tensors by their engine names).

Everything is float32 and seeded per case, so rerunning the script gives the same files. The
safetensors writer is hand-written (there is no safetensors package here): an 8-byte little-endian
header length, a JSON header padded with spaces to a multiple of 8, then the raw bytes.
"""

import argparse
import json
import math
import os
import re
import struct

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_default_dtype(torch.float32)

WRITTEN = []


# ---------------------------------------------------------------------------------------------
# safetensors


def write_safetensors(path, tensors, metadata=None):
    """tensors: dict name -> tensor (written as F32 in this order)."""
    header = {}
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    blobs = []
    offset = 0
    for name, t in tensors.items():
        t = t.detach().to(torch.float32).contiguous().cpu()
        if not torch.isfinite(t).all():
            raise ValueError(f"{path}: tensor {name} is not finite")
        data = t.numpy().astype("<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)
    WRITTEN.append(path)


def write_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")
    WRITTEN.append(path)


def write_text(path, text):
    with open(path, "w") as f:
        f.write(text)
    WRITTEN.append(path)


# ---------------------------------------------------------------------------------------------
# helpers


def uniform(*shape, lo=-1.0, hi=1.0):
    return torch.rand(*shape) * (hi - lo) + lo


def leaf(t):
    return t.detach().clone().requires_grad_(True)


def params_and_grads(module, prefix=""):
    """The module's state_dict tensors and their gradients as grad.<name>."""
    out = {}
    for name, p in module.named_parameters():
        out[prefix + name] = p.detach().clone()
    for name, p in module.named_parameters():
        out["grad." + prefix + name] = p.grad.detach().clone()
    return out


def backward_with(out):
    """loss = sum(out * R) for a fixed random R; returns R."""
    R = uniform(*out.shape)
    (out * R).sum().backward()
    return R


# ---------------------------------------------------------------------------------------------
# layer cases (each seeded on its own so adding one does not change the others)


def case_linear(out_dir, bias):
    torch.manual_seed(11 if bias else 12)
    lin = nn.Linear(7, 3, bias=bias)
    x = leaf(uniform(5, 7))
    out = lin(x)
    R = backward_with(out)
    t = {"input": x, **params_and_grads(lin), "out": out, "dout": R, "grad.input": x.grad}
    write_safetensors(f"{out_dir}/linear_{'bias' if bias else 'nobias'}.safetensors", t)


def case_embedding(out_dir):
    torch.manual_seed(13)
    emb = nn.Embedding(6, 7)
    ids = torch.tensor([4, 1, 4, 0, 5, 1, 4])  # repeated ids: their gradients add up
    out = emb(ids)
    R = backward_with(out)
    t = {"ids": ids.float(), **params_and_grads(emb), "out": out, "dout": R}
    write_safetensors(f"{out_dir}/embedding.safetensors", t)


def case_layernorm(out_dir):
    torch.manual_seed(14)
    ln = nn.LayerNorm(7)
    with torch.no_grad():  # not the (1, 0) default, so gamma and beta are really exercised
        ln.weight.copy_(1 + 0.5 * uniform(7))
        ln.bias.copy_(0.5 * uniform(7))
    x = leaf(uniform(5, 7, lo=-2, hi=2))
    out = ln(x)
    R = backward_with(out)
    t = {"input": x, **params_and_grads(ln), "out": out, "dout": R, "grad.input": x.grad}
    write_safetensors(f"{out_dir}/layernorm.safetensors", t)


def case_cross_entropy(out_dir):
    torch.manual_seed(15)
    logits = leaf(uniform(5, 7, lo=-2, hi=2))
    targets = torch.tensor([3, -100, 0, 6, 2])  # row 1 is ignored
    loss = F.cross_entropy(logits, targets, ignore_index=-100)
    loss.backward()
    t = {
        "logits": logits,
        "targets": targets.float(),
        "log_softmax": F.log_softmax(logits, dim=-1),
        "loss": loss.reshape(1),
        "grad.logits": logits.grad,
    }
    write_safetensors(f"{out_dir}/cross_entropy.safetensors", t)


def case_recurrent(out_dir, kind):
    torch.manual_seed({"rnn": 21, "lstm": 22, "gru": 23}[kind])
    T, E, D = 5, 7, 3
    cls = {"rnn": nn.RNN, "lstm": nn.LSTM, "gru": nn.GRU}[kind]
    cell = cls(E, D, batch_first=True)
    x = leaf(uniform(1, T, E))
    h0 = leaf(uniform(1, 1, D, lo=-0.8, hi=0.8))
    if kind == "lstm":
        c0 = leaf(uniform(1, 1, D, lo=-0.8, hi=0.8))
        out, (h_n, c_n) = cell(x, (h0, c0))
    else:
        out, h_n = cell(x, h0)
    R = backward_with(out)
    t = {"input": x.reshape(T, E), "h0": h0.reshape(D)}
    if kind == "lstm":
        t["c0"] = c0.reshape(D)
    t.update(params_and_grads(cell))
    t.update({"out": out.reshape(T, D), "h_n": h_n.reshape(D), "dout": R.reshape(T, D)})
    if kind == "lstm":
        t["c_n"] = c_n.reshape(D)
    t["grad.input"] = x.grad.reshape(T, E)
    t["grad.h0"] = h0.grad.reshape(D)
    if kind == "lstm":
        t["grad.c0"] = c0.grad.reshape(D)
    write_safetensors(f"{out_dir}/{kind}.safetensors", t)


def causal_bool_mask(T):
    """True where attention is NOT allowed (PyTorch's attn_mask convention): j > i."""
    return torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)


def mha_scores(mha, x):
    """Raw per-head scores Q_h K_h^T / sqrt(K) (H, T, T) from the module's own in_proj, unmasked."""
    D, H = mha.embed_dim, mha.num_heads
    K = D // H
    q, k, _ = F.linear(x, mha.in_proj_weight, mha.in_proj_bias).split(D, dim=-1)
    T = x.shape[0]
    q = q.reshape(T, H, K).transpose(0, 1)
    k = k.reshape(T, H, K).transpose(0, 1)
    return (q / math.sqrt(K)) @ k.transpose(1, 2)


def case_mha(out_dir, causal):
    torch.manual_seed(32 if causal else 31)
    T, D, H = 5, 6, 2
    mha = nn.MultiheadAttention(D, H, batch_first=True)
    with torch.no_grad():  # PyTorch starts the biases at 0; random ones test their gradients
        mha.in_proj_bias.copy_(0.5 * uniform(3 * D))
        mha.out_proj.bias.copy_(0.5 * uniform(D))
    x = leaf(uniform(1, T, D))
    mask = causal_bool_mask(T) if causal else None
    out, weights = mha(x, x, x, need_weights=True, average_attn_weights=False, attn_mask=mask)
    with torch.no_grad():
        scores = mha_scores(mha, x[0])
        check = scores.masked_fill(mask, float("-inf")) if causal else scores
        assert torch.allclose(torch.softmax(check, dim=-1), weights[0], atol=1e-6)
    R = backward_with(out)
    t = {"input": x.reshape(T, D), **params_and_grads(mha)}
    t.update({
        "out": out.reshape(T, D),
        "scores": scores,
        "weights": weights.reshape(H, T, T),
        "dout": R.reshape(T, D),
        "grad.input": x.grad.reshape(T, D),
    })
    write_safetensors(f"{out_dir}/mha_{'causal' if causal else 'full'}.safetensors", t)


def encoder_layer(D, H, F_, activation, seed_bias=True):
    """nn.TransformerEncoderLayer (post-norm, dropout 0, batch_first) with random biases and norms."""
    layer = nn.TransformerEncoderLayer(D, H, dim_feedforward=F_, dropout=0.0, activation=activation,
                                       batch_first=True, norm_first=False)
    with torch.no_grad():  # PyTorch starts these at 0 / 1: random values test their gradients
        layer.self_attn.in_proj_bias.copy_(0.5 * uniform(3 * D))
        layer.self_attn.out_proj.bias.copy_(0.5 * uniform(D))
        layer.norm1.weight.copy_(1 + 0.3 * uniform(D))
        layer.norm1.bias.copy_(0.3 * uniform(D))
        layer.norm2.weight.copy_(1 + 0.3 * uniform(D))
        layer.norm2.bias.copy_(0.3 * uniform(D))
    return layer.train()  # train mode (dropout is 0) keeps PyTorch off its fused inference path


def case_transformer_layer(out_dir, activation, causal):
    torch.manual_seed(80 + (activation == "gelu") + 2 * causal)
    T, D, H, F_ = 5, 6, 2, 7
    layer = encoder_layer(D, H, F_, activation)
    x = leaf(uniform(1, T, D))
    mask = causal_bool_mask(T) if causal else None
    out = layer(x, src_mask=mask)
    with torch.no_grad():
        scores = mha_scores(layer.self_attn, x[0])
        check = scores.masked_fill(mask, float("-inf")) if causal else scores
        weights = torch.softmax(check, dim=-1)
    R = backward_with(out)
    t = {"input": x.reshape(T, D), **params_and_grads(layer)}
    t.update({"out": out.reshape(T, D), "scores": scores, "weights": weights, "dout": R.reshape(T, D),
              "grad.input": x.grad.reshape(T, D)})
    name = f"transformer_layer_{activation}{'_causal' if causal else ''}"
    write_safetensors(f"{out_dir}/{name}.safetensors", t, {"activation": activation, "causal": str(causal).lower(),
                                                           "d_ff": F_})


class AlignRef(nn.Module):
    """The engine's Align (cpp/layers/align.h) with the same parameter names."""

    def __init__(self, kind, key_dim, query_dim, attn_dim):
        super().__init__()
        self.kind = kind
        self.attn_dim = attn_dim
        if kind == "general":
            bound = 1 / math.sqrt(query_dim)
            self.weight = nn.Parameter(uniform(key_dim, query_dim, lo=-bound, hi=bound))
        else:
            self.w_key = nn.Linear(key_dim, attn_dim, bias=False)
            self.w_query = nn.Linear(query_dim, attn_dim, bias=False)
            if kind == "additive":
                self.v = nn.Linear(attn_dim, 1, bias=False)

    def forward(self, keys, queries):
        """keys (S, Dk), queries (N, Dq) -> scores (N, S)."""
        if self.kind == "additive":
            # e_ni = v . tanh(W_K h_i + W_Q s_n)
            pre = self.w_key(keys)[None, :, :] + self.w_query(queries)[:, None, :]
            return self.v(torch.tanh(pre)).squeeze(-1)
        if self.kind in ("dot", "scaled_dot"):
            e = self.w_query(queries) @ self.w_key(keys).T
            return e / math.sqrt(self.attn_dim) if self.kind == "scaled_dot" else e
        return (queries @ self.weight.T) @ keys.T  # general: h^T W s


def normalize(scores, norm):
    return torch.softmax(scores, dim=-1) if norm == "softmax" else torch.sigmoid(scores)


def case_align(out_dir, kind, norm="softmax"):
    torch.manual_seed(40 + ["additive", "dot", "scaled_dot", "general"].index(kind) + (10 if norm != "softmax" else 0))
    S, N, Dk, Dq, A = 5, 2, 3, 4, 6
    align = AlignRef(kind, Dk, Dq, A)
    keys = leaf(uniform(S, Dk))
    queries = leaf(uniform(N, Dq))
    scores = align(keys, queries)
    weights = normalize(scores, norm)
    R = backward_with(weights)
    t = {"keys": keys, "queries": queries, **params_and_grads(align)}
    t.update({"scores": scores, "weights": weights, "dout": R, "grad.keys": keys.grad, "grad.queries": queries.grad})
    suffix = "" if norm == "softmax" else "_" + norm
    write_safetensors(f"{out_dir}/align_{kind}{suffix}.safetensors", t, {"kind": kind, "normalization": norm,
                                                                       "attn_dim": A})


def case_activations(out_dir):
    cases = {
        "gelu": lambda x: F.gelu(x),  # exact (erf) form, nn.GELU()'s default
        "sigmoid": torch.sigmoid,
        "tanh": torch.tanh,
        "relu": torch.relu,
        "softmax": lambda x: torch.softmax(x, dim=-1),
    }
    for i, (name, fn) in enumerate(cases.items()):
        torch.manual_seed(50 + i)
        x = leaf(uniform(5, 7, lo=-3, hi=3))
        out = fn(x)
        R = backward_with(out)
        write_safetensors(f"{out_dir}/{name}.safetensors", {"input": x, "out": out, "dout": R, "grad.input": x.grad})
    # Softmax under a causal mask: masked entries get weight 0 and no gradient.
    torch.manual_seed(56)
    T = 5
    x = leaf(uniform(T, T, lo=-3, hi=3))
    mask = causal_bool_mask(T)
    out = torch.softmax(x.masked_fill(mask, float("-inf")), dim=-1)
    R = backward_with(out)
    write_safetensors(f"{out_dir}/softmax_causal.safetensors",
                      {"input": x, "allowed": (~mask).float(), "out": out, "dout": R, "grad.input": x.grad})


def case_adamw(out_dir):
    """torch.optim.AdamW(weight_decay=0.01) after clip_grad_norm_(max_norm=1.0), a few steps."""
    torch.manual_seed(60)
    lr, wd, max_norm = 0.05, 0.01, 1.0
    a = nn.Parameter(uniform(3, 4))
    b = nn.Parameter(uniform(5))
    t = {"param.a": a.detach().clone(), "param.b": b.detach().clone()}
    opt = torch.optim.AdamW([a, b], lr=lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=wd)
    scales = [3.0, 0.2, 1.5, 0.05]  # joint norms above and below max_norm: clipped and not
    for step, scale in enumerate(scales):
        ga, gb = scale * uniform(3, 4), scale * uniform(5)
        t[f"grad.{step}.a"], t[f"grad.{step}.b"] = ga.clone(), gb.clone()
        opt.zero_grad()
        a.grad, b.grad = ga.clone(), gb.clone()
        norm = torch.nn.utils.clip_grad_norm_([a, b], max_norm)
        opt.step()
        t[f"norm.{step}"] = norm.reshape(1)
        t[f"step.{step}.a"], t[f"step.{step}.b"] = a.detach().clone(), b.detach().clone()
    write_safetensors(f"{out_dir}/adamw.safetensors", t,
                      {"lr": lr, "weight_decay": wd, "max_norm": max_norm, "betas": "0.9,0.999", "eps": 1e-8,
                       "steps": len(scales)})


# ---------------------------------------------------------------------------------------------
# whole models, with the engine's parameter names

VOCAB = ["<unk>", ".", "the", "cat", "sat", "on", "mat", "a", "dog", "ran", "to", "park", "and", "saw", "bird",
         "in", "tree", "it", "was", "happy"]
TOKENIZER = {"kind": "words", "vocab": VOCAB, "unk": "<unk>"}


def tokenize(text):
    """cpp/text/word_tokenizer.cpp for ASCII text: words of [A-Za-z0-9'_], each other printable
    character a token of its own, lowercased for the lookup; unknown words map to <unk>."""
    words = re.findall(r"[A-Za-z0-9'_]+|[^\sA-Za-z0-9'_]", text)
    index = {w: i for i, w in enumerate(VOCAB)}
    return [index.get(w.lower(), index["<unk>"]) for w in words]


def sinusoidal_encoding(T, D):
    """PE[t, 2i] = sin(t / 10000^(2i/D)), PE[t, 2i+1] = cos(t / 10000^(2i/D)), in double."""
    pe = torch.zeros(T, D, dtype=torch.float64)
    for t in range(T):
        for i in range(D):
            freq = 10000.0 ** (-(i - i % 2) / D)
            pe[t, i] = math.sin(t * freq) if i % 2 == 0 else math.cos(t * freq)
    return pe.float()


class AttentionEncoderRef(nn.Module):
    """cpp/models/attention_encoder: x = emb + pos; y = LayerNorm(x + MHA(x)); logits = head(y)."""

    def __init__(self, vocab_size, d_model, n_head, positional, causal, max_len):
        super().__init__()
        self.positional, self.causal = positional, causal
        self.embedding = nn.Embedding(vocab_size, d_model)
        if positional == "learned":
            self.pos_embedding = nn.Embedding(max_len, d_model)
        self.attn = nn.MultiheadAttention(d_model, n_head, batch_first=True)
        self.norm = nn.LayerNorm(d_model)
        self.head = nn.Linear(d_model, vocab_size)
        with torch.no_grad():
            self.attn.in_proj_bias.copy_(0.3 * uniform(3 * d_model))
            self.attn.out_proj.bias.copy_(0.3 * uniform(d_model))
            self.norm.weight.copy_(1 + 0.3 * uniform(d_model))
            self.norm.bias.copy_(0.3 * uniform(d_model))

    def forward(self, ids):
        T = ids.shape[0]
        D = self.embedding.embedding_dim
        x = self.embedding(ids)
        if self.positional == "sinusoidal":
            x = x + sinusoidal_encoding(T, D)
        elif self.positional == "learned":
            x = x + self.pos_embedding(torch.arange(T))
        mask = causal_bool_mask(T) if self.causal else None
        a, weights = self.attn(x[None], x[None], x[None], need_weights=True, average_attn_weights=False,
                               attn_mask=mask)
        a, weights = a[0], weights[0]
        scores = mha_scores(self.attn, x)
        check = scores.masked_fill(mask, float("-inf")) if self.causal else scores
        assert torch.allclose(torch.softmax(check, dim=-1), weights, atol=1e-6)
        H = weights.shape[0]
        K = D // H
        q, k, v = F.linear(x, self.attn.in_proj_weight, self.attn.in_proj_bias).split(D, dim=-1)
        heads = torch.cat([weights[h] @ v[:, h * K:(h + 1) * K] for h in range(H)], dim=-1)  # b^{i,h}
        y = self.norm(x + a)
        logits = self.head(y)
        maps = [(scores[h], weights[h]) for h in range(H)]
        tensors = {"embeddings": x, "q": q, "k": k, "v": v, "heads": heads, "attn_out": a, "hidden": y,
                   "logits": logits}
        return maps, tensors


class TiedHead(nn.Module):
    """cpp/layers/output_head.h, tied: logits = proj(x) E^T + bias with E the embedding's table."""

    def __init__(self, embedding, in_features):
        super().__init__()
        self.table = [embedding]  # a list: not a submodule, so its weight is named once (embedding.weight)
        self.proj = nn.Linear(in_features, embedding.embedding_dim, bias=False)
        self.bias = nn.Parameter(0.3 * uniform(embedding.num_embeddings))

    def forward(self, x):
        return F.linear(self.proj(x), self.table[0].weight, self.bias)


class TransformerRef(nn.Module):
    """cpp/models/transformer: x = emb + PE; n_layer nn.TransformerEncoderLayer; logits = head(x)."""

    def __init__(self, vocab_size, d_model, n_head, n_layer, d_ff, positional, causal, activation, tied=False):
        super().__init__()
        self.positional, self.causal = positional, causal
        self.embedding = nn.Embedding(vocab_size, d_model)
        # nn.TransformerEncoder's own ModuleList, so the names are "layers.{l}.self_attn...".
        self.layers = nn.TransformerEncoder(encoder_layer(d_model, n_head, d_ff, activation), n_layer,
                                            enable_nested_tensor=False).layers
        with torch.no_grad():  # the copies share their random biases: make each layer its own
            for layer in self.layers:
                for name, p in layer.named_parameters():
                    if name.endswith("bias"):
                        p.copy_(0.3 * uniform(*p.shape))
        self.head = TiedHead(self.embedding, d_model) if tied else nn.Linear(d_model, vocab_size)

    def forward(self, ids):
        T = ids.shape[0]
        D = self.embedding.embedding_dim
        pe = sinusoidal_encoding(T, D) if self.positional == "sinusoidal" else torch.zeros(T, D)
        x = self.embedding(ids) + pe
        mask = causal_bool_mask(T) if self.causal else None
        maps, tensors = [], {"positions": pe}
        for l, layer in enumerate(self.layers):
            attn = layer.self_attn
            H = attn.num_heads
            K = D // H
            _, weights = attn(x[None], x[None], x[None], need_weights=True, average_attn_weights=False,
                              attn_mask=mask)
            weights = weights[0]
            scores = mha_scores(attn, x)
            q, k, v = F.linear(x, attn.in_proj_weight, attn.in_proj_bias).split(D, dim=-1)
            heads = torch.cat([weights[h] @ v[:, h * K:(h + 1) * K] for h in range(H)], dim=-1)  # b^{i,h}
            attn_out = attn.out_proj(heads)  # b^i = W^O [b^{i,1}; b^{i,2}] + b_O
            out = layer(x[None], src_mask=mask)[0]
            act = F.gelu if layer.activation is F.gelu else F.relu
            y = layer.norm1(x + attn_out)
            assert torch.allclose(out, layer.norm2(y + layer.linear2(act(layer.linear1(y)))), atol=1e-6)
            maps += [(scores[h], weights[h]) for h in range(H)]
            tensors.update({f"layer{l}.input": x, f"layer{l}.q": q, f"layer{l}.k": k, f"layer{l}.v": v,
                            f"layer{l}.heads": heads, f"layer{l}.attn_out": attn_out, f"layer{l}.output": out})
            x = out
        tensors["logits"] = self.head(x)
        return maps, tensors


class RnnAttentionRef(nn.Module):
    """cpp/models/rnn_attention: H = cell(emb(ids)); alpha = softmax(align(H, h_T));
    c = alpha H; logits = head([c; h_T])."""

    def __init__(self, vocab_size, embed_dim, hidden_size, attn_dim, output_size, cell, score):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, embed_dim)
        self.encoder = {"rnn": nn.RNN, "lstm": nn.LSTM, "gru": nn.GRU}[cell](embed_dim, hidden_size, batch_first=True)
        self.align = AlignRef(score, hidden_size, hidden_size, attn_dim)
        self.head = nn.Linear(2 * hidden_size, output_size)

    def forward(self, ids):
        x = self.embedding(ids)
        H, _ = self.encoder(x[None])  # h0 = c0 = 0
        H = H[0]
        query = H[-1:]
        scores = self.align(H, query)  # (1, T)
        weights = torch.softmax(scores, dim=-1)
        context = weights @ H
        logits = self.head(torch.cat([context, query], dim=-1))
        return [(scores, weights)], {"embeddings": x, "hidden": H, "context": context, "logits": logits}


def write_model(out_dir, name, seed, config, module, sentence):
    folder = f"{out_dir}/models/{name}"
    os.makedirs(folder, exist_ok=True)
    n_params = sum(p.numel() for p in module.parameters())
    write_json(f"{folder}/config.json", config)
    write_safetensors(f"{folder}/model.safetensors", module.state_dict(),
                      {"format": "pt", "architecture": config["architecture"]})
    write_json(f"{folder}/card.json", {
        "description": "random weights from PyTorch (scripts/make_fixtures.py): the attention pattern means nothing",
        "data": "random init, PyTorch reference fixture",
        "seed": seed,
        "parameters": n_params,
    })
    write_text(f"{folder}/input.txt", sentence + "\n")
    ids = torch.tensor(tokenize(sentence))
    with torch.no_grad():
        maps, tensors = module(ids)
    expected = {"ids": ids.float()}
    for i, (scores, weights) in enumerate(maps):
        expected[f"map.{i}.scores"] = scores
        expected[f"map.{i}.weights"] = weights
    expected.update(tensors)
    write_safetensors(f"{folder}/expected.safetensors", expected, {"input": sentence})


def make_models(out_dir):
    V = len(VOCAB)
    encoders = [
        ("attention_encoder", 70, "sinusoidal", False, "The cat sat on the mat and saw a zorblax."),
        ("attention_encoder_causal_learned", 71, "learned", True, "a dog ran to the park and it was quibbly."),
    ]
    for name, seed, positional, causal, sentence in encoders:
        torch.manual_seed(seed)
        config = {"architecture": "attention_encoder", "vocab_size": V, "d_model": 6, "n_head": 2,
                  "positional": positional, "causal": causal, "normalization": "softmax"}
        if positional == "learned":
            config["max_len"] = 16
        config["tokenizer"] = TOKENIZER
        module = AttentionEncoderRef(V, 6, 2, positional, causal, 16).eval()
        write_model(out_dir, name, seed, config, module, sentence)

    transformers = [
        ("transformer", 75, "sinusoidal", False, "relu", "the cat saw a bird in the blorptastic tree."),
        ("transformer_causal_gelu", 76, "none", True, "gelu", "a dog sat on the mat and it was wuffly."),
        # the output layer tied to the embedding (tie_embeddings): embedding.weight gets both gradients
        ("transformer_tied", 77, "sinusoidal", True, "gelu", "the dog saw the cat and the cat saw a snark."),
    ]
    for name, seed, positional, causal, activation, sentence in transformers:
        tied = name.endswith("_tied")
        torch.manual_seed(seed)
        D, H, L, F_ = 6, 2, 2, 7
        config = {"architecture": "transformer", "vocab_size": V, "d_model": D, "n_head": H, "n_layer": L,
                  "d_ff": F_, "positional": positional, "causal": causal, "activation": activation,
                  "objective": "lm" if causal else "mlm", "score": "dot", "normalization": "softmax",
                  "max_len": 32, "tokenizer": TOKENIZER}
        if tied:
            config["tie_embeddings"] = True
        module = TransformerRef(V, D, H, L, F_, positional, causal, activation, tied)
        write_model(out_dir, name, seed, config, module, sentence)
        # The gradients of the mean cross-entropy over some targets, for loss_and_backward.
        ids = torch.tensor(tokenize(sentence))
        targets = torch.tensor([(3 * i + 2) % V if i % 3 != 1 else -100 for i in range(len(ids))])
        module.zero_grad()
        _, tensors = module(ids)
        loss = F.cross_entropy(tensors["logits"], targets, ignore_index=-100)
        loss.backward()
        t = {"ids": ids.float(), "targets": targets.float(), "loss": loss.reshape(1)}
        t.update({"grad." + n: p.grad.detach().clone() for n, p in module.named_parameters()})
        write_safetensors(f"{out_dir}/{name}_grads.safetensors", t)

    rnns = [
        ("rnn_attention_lstm", 72, "lstm", "additive", 3, "the bird in the tree saw a frumious cat."),
        ("rnn_attention_gru", 73, "gru", "dot", V, "it was a happy dog and the snark sat."),
        ("rnn_attention_rnn", 74, "rnn", "general", V, "The cat ran to a tree in the vorpal park."),
    ]
    for name, seed, cell, score, output_size, sentence in rnns:
        torch.manual_seed(seed)
        E, D, A = 5, 4, 6
        config = {"architecture": "rnn_attention", "vocab_size": V, "embed_dim": E, "hidden_size": D,
                  "attn_dim": A, "output_size": output_size, "cell": cell, "score": score,
                  "normalization": "softmax", "tokenizer": TOKENIZER}
        module = RnnAttentionRef(V, E, D, A, output_size, cell, score).eval()
        write_model(out_dir, name, seed, config, module, sentence)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="tests/fixtures", help="output folder (default: tests/fixtures)")
    out = parser.parse_args().out
    os.makedirs(out, exist_ok=True)
    print(f"torch {torch.__version__}: writing reference fixtures to {out}")

    case_linear(out, bias=True)
    case_linear(out, bias=False)
    case_embedding(out)
    case_layernorm(out)
    case_cross_entropy(out)
    for kind in ("rnn", "lstm", "gru"):
        case_recurrent(out, kind)
    case_mha(out, causal=False)
    case_mha(out, causal=True)
    for kind in ("additive", "dot", "scaled_dot", "general"):
        case_align(out, kind)
    case_align(out, "additive", norm="sigmoid")
    for activation, causal in (("relu", False), ("gelu", True)):
        case_transformer_layer(out, activation, causal)
    case_activations(out)
    case_adamw(out)
    make_models(out)

    total = 0
    for path in WRITTEN:
        size = os.path.getsize(path)
        total += size
        print(f"  {path}  ({size} bytes)")
    print(f"wrote {len(WRITTEN)} files, {total} bytes")


if __name__ == "__main__":
    main()
