"""How scripts/export_pytorch.py reads a PyTorch module: the standard modules' options (every option
that changes the numbers is computed or refused by name) and where a user's own model keeps its
embedding, encoder or recurrent layer, positions and output layer. Every refusal names the module,
the real cause and what to do, on the first try (issue 52 C2)."""

import attnlab_torch as at
from export_check import ExportError

torch, nn, F = at.torch, at.nn, at.F
MAX_D_MODEL, MAX_LAYERS, MAX_LEN = 128, 12, 4096  # the engine's limits (cpp/models/transformer.cpp)


def refuse(where, option, why):
    raise ExportError(f"{where}: {option} {why}")


# ---------------------------------------------------------------------------------------------
# checks of the standard modules: every option that changes the numbers is computed or refused


def check_embedding(name, emb):
    if emb.max_norm is not None:
        refuse(name, f"max_norm={emb.max_norm}", "renormalizes rows at lookup; the engine does not (set max_norm=None)")


def activation_name(where, act):
    if act is F.relu or isinstance(act, nn.ReLU):
        return "relu"
    if act is F.gelu or (isinstance(act, nn.GELU) and act.approximate == "none"):
        return "gelu"
    refuse(where, f"activation={act!r}", "is not computed by the engine (relu or exact gelu)")


def check_encoder_layers(where, layers):
    """Options of a stack of nn.TransformerEncoderLayer -> config fields."""
    if len(layers) == 0:
        refuse(where, "num_layers=0", "leaves nothing to show")
    opts = None
    for l, layer in enumerate(layers):
        w = f"{where}.{l}"
        if type(layer) is not nn.TransformerEncoderLayer:
            refuse(w, f"type {type(layer).__name__}", "is not nn.TransformerEncoderLayer")
        a = layer.self_attn
        if not a._qkv_same_embed_dim:
            refuse(w, "self_attn kdim/vdim", "differ from d_model; the engine projects q, k, v from x")
        if a.bias_k is not None:
            refuse(w, "self_attn add_bias_kv=True", "adds a learned key and value; the engine does not")
        if a.add_zero_attn:
            refuse(w, "self_attn add_zero_attn=True", "adds a zero key; the engine does not")
        for n in ("norm1", "norm2"):
            if not getattr(layer, n).elementwise_affine:
                refuse(w, f"{n} elementwise_affine=False", "is not supported (the engine's LayerNorm has weight and bias)")
        o = {"d_model": a.embed_dim, "n_head": a.num_heads, "d_ff": layer.linear1.out_features,
             "activation": activation_name(w, layer.activation), "norm_first": bool(layer.norm_first),
             "layer_norm_eps": float(layer.norm1.eps)}
        if layer.norm2.eps != layer.norm1.eps:
            refuse(w, f"norm2.eps={layer.norm2.eps}", f"differs from norm1.eps={layer.norm1.eps}")
        # bias=False (newer PyTorch) is written as zero biases (encoder_zero_biases): the same numbers.
        if opts is not None and o != opts:
            diff = [k for k in o if o[k] != opts[k]]
            refuse(w, ", ".join(f"{k}={o[k]}" for k in diff), f"differs from layer 0 ({opts}); the engine's layers share them")
        opts = o
    if opts["d_model"] > MAX_D_MODEL:
        refuse(where, f"d_model={opts['d_model']}", f"is above the engine's limit of {MAX_D_MODEL} (a lesson-sized model)")
    if len(layers) > MAX_LAYERS:
        refuse(where, f"num_layers={len(layers)}", f"is above the engine's limit of {MAX_LAYERS}")
    return dict(opts, n_layer=len(layers))


def check_rnn(where, rnn):
    if rnn.num_layers != 1:
        refuse(where, f"num_layers={rnn.num_layers}", "is not computed (the engine's recurrent models have one layer)")
    if rnn.bidirectional:
        refuse(where, "bidirectional=True", "is not computed (the lessons read left to right)")
    if getattr(rnn, "proj_size", 0):
        refuse(where, f"proj_size={rnn.proj_size}", "is not computed (nn.LSTM without projection only)")
    cell = {nn.RNN: "rnn", nn.LSTM: "lstm", nn.GRU: "gru"}[type(rnn)]
    out = {"cell": cell, "embed_dim": rnn.input_size, "hidden_size": rnn.hidden_size}
    if cell == "rnn" and rnn.nonlinearity != "tanh":
        out["nonlinearity"] = rnn.nonlinearity
    return out


# ---------------------------------------------------------------------------------------------
# finding the modules in a user's model


def find_one(module, kinds, what, name=None):
    if name is not None:
        return name, module.get_submodule(name)
    found = [(n, m) for n, m in module.named_modules() if isinstance(m, kinds)]
    if len(found) != 1:
        names = ", ".join(n or "(the model itself)" for n, _ in found) or "none"
        raise ExportError(f"expected one {what} in the model, found {len(found)} ({names}); name it with the argument "
                          f"that selects it")
    return found[0]


def find_head(module, d_in, vocab, name=None, inside=()):
    if name is not None:
        lin = module.get_submodule(name)
        if not isinstance(lin, nn.Linear) or (lin.in_features, lin.out_features) != (d_in, vocab):
            what = (f"nn.Linear({lin.in_features}, {lin.out_features})" if isinstance(lin, nn.Linear)
                    else f"a {type(lin).__name__}, not one nn.Linear")
            raise ExportError(f"head={name!r}: {what}; the engine's output layer is one nn.Linear({d_in}, {vocab}) that "
                              f"scores each of the {vocab} tokens of the embedding (a classifier or another head "
                              f"cannot be shown as a language model's output); name that layer, or leave head= out")
        return name, lin
    found = [(n, m) for n, m in module.named_modules() if isinstance(m, nn.Linear) and m.in_features == d_in
             and m.out_features == vocab and not any(n.startswith(p + ".") for p in inside)]
    if len(found) != 1:
        raise ExportError(f"expected one nn.Linear({d_in}, {vocab}) output head, found {len(found)} "
                          f"({', '.join(n for n, _ in found) or 'none'}); pass head='name'")
    return found[0]


def tensors_of(module, path, zero_biases):
    """The submodule's state_dict under `path.`, plus zero biases for bias=False (the same numbers)."""
    out = {}
    for k, v in module.get_submodule(path).state_dict().items():
        out[f"{path}.{k}"] = v
    for k, shape in zero_biases:
        out.setdefault(f"{path}.{k}", torch.zeros(shape))
    return out


def encoder_zero_biases(layers, D, d_ff):
    z = []
    for l in range(len(layers)):
        z += [(f"{l}.self_attn.in_proj_bias", (3 * D,)), (f"{l}.self_attn.out_proj.bias", (D,)),
              (f"{l}.linear1.bias", (d_ff,)), (f"{l}.linear2.bias", (D,))]
    return z


def user_transformer(module, causal, positional, max_len, embedding, head, encoder):
    """A user's model around a standard encoder -> (config, tensors)."""
    if causal is None:
        raise ExportError("causal: the mask is passed to forward(), the module cannot tell; pass causal=True "
                          "(a causal language model) or causal=False (a masked-word model)")
    enc_name, enc = find_one(module, (nn.TransformerEncoder,), "nn.TransformerEncoder", encoder)
    layers_path, final_norm = f"{enc_name}.layers", enc.norm
    opts = check_encoder_layers(layers_path, enc.layers)
    D = opts["d_model"]
    emb_name, emb = find_one(module, (nn.Embedding,), "nn.Embedding (the token embedding)",
                             embedding or token_embedding(module, D, enc_name))
    check_embedding(emb_name, emb)
    for n, m in module.named_modules():
        if isinstance(m, nn.Embedding) and n != emb_name and m.embedding_dim == D:
            raise ExportError(learned_positions(n, m, emb_name, emb))
    V = emb.num_embeddings
    head_name, lin = find_head(module, D, V, head, inside=(enc_name,))
    if final_norm is not None:
        if not isinstance(final_norm, nn.LayerNorm) or not final_norm.elementwise_affine:
            refuse(f"{enc_name}.norm", f"{type(final_norm).__name__}", "is not an nn.LayerNorm with weight and bias")
        if final_norm.eps != opts["layer_norm_eps"]:
            refuse(f"{enc_name}.norm", f"eps={final_norm.eps}", f"differs from the layers' layer_norm_eps={opts['layer_norm_eps']}")
    # Positions: a registered sinusoid buffer, "pe" or under any name, or what the caller says.
    pes = [(n, b) for n, b in module.named_buffers() if n == "pe" or n.endswith(".pe")]
    pes = pes or [(n, b) for n, b in module.named_buffers() if sinusoid_diff(b, D) <= 1e-4]
    tensors, computed = {}, set()
    if pes:
        pe_name, pe = pes[0]
        table = pe.reshape(-1, pe.shape[-1])
        if table.shape[1] != D:
            refuse(pe_name, f"shape {tuple(pe.shape)}", f"is not a positional table of width d_model={D}")
        if positional not in (None, "sinusoidal"):
            refuse(pe_name, f"positional={positional!r}", "contradicts the registered positional-encoding buffer")
        max_len = min(max_len or table.shape[0], table.shape[0], MAX_LEN)
        ref = at.sinusoid(max_len, D)
        diff = (table[:max_len].float() - ref).abs().max().item()
        if diff > 1e-4:
            refuse(pe_name, "values", f"differ from the engine's sinusoid PE[t,2i] = sin(t/10000^(2i/D)), "
                   f"PE[t,2i+1] = cos(...) by up to {diff:.3g} (interleaved sin/cos, base 10000)")
        positional = "sinusoidal"
        # The rows the engine reads, as (max_len, D): the loader checks a "pe" buffer again. One under
        # another name is checked here (the engine computes the same table) and not written.
        if pe_name == "pe" or pe_name.endswith(".pe"):
            tensors[pe_name] = table[:max_len]
        else:
            computed.add(pe_name)
    elif positional is None:
        raise ExportError("positional: no positional-encoding buffer \"pe\" found; pass positional='sinusoidal' "
                          "(your forward adds the sinusoid) or positional='none' (it adds nothing)")
    config = {"architecture": "transformer", "vocab_size": V, **{k: opts[k] for k in ("d_model", "n_head", "n_layer", "d_ff", "activation")},
              "positional": positional, "causal": bool(causal), "objective": "lm" if causal else "mlm",
              "max_len": int(max_len or 128)}
    if opts["norm_first"]:
        config["norm_first"] = True
    if opts["layer_norm_eps"] != 1e-5:
        config["layer_norm_eps"] = opts["layer_norm_eps"]
    if final_norm is not None:
        config["final_norm"] = True
    names = {"embedding": emb_name, "layers": layers_path, "head": head_name}
    if final_norm is not None:
        names["norm"] = f"{enc_name}.norm"
    tensors.update({f"{emb_name}.weight": emb.weight})
    tensors.update(tensors_of(module, layers_path, encoder_zero_biases(enc.layers, D, opts["d_ff"])))
    if final_norm is not None:
        tensors.update(tensors_of(module, f"{enc_name}.norm", []))
    tensors.update(tensors_of(module, head_name, [("bias", (V,))]))
    return config, names, tensors, computed


def user_rnn_lm(module, embedding, head, rnn):
    rnn_name, r = find_one(module, (nn.RNN, nn.LSTM, nn.GRU), "nn.RNN / nn.LSTM / nn.GRU", rnn)
    opts = check_rnn(rnn_name, r)
    emb_name, emb = find_one(module, (nn.Embedding,), "nn.Embedding (the token embedding)", embedding)
    check_embedding(emb_name, emb)
    V = emb.num_embeddings
    head_name, _ = find_head(module, r.hidden_size, V, head)
    gates = {"rnn": 1, "lstm": 4, "gru": 3}[opts["cell"]] * r.hidden_size
    tensors = {f"{emb_name}.weight": emb.weight}
    tensors.update(tensors_of(module, rnn_name, [("bias_ih_l0", (gates,)), ("bias_hh_l0", (gates,))]))
    tensors.update(tensors_of(module, head_name, [("bias", (V,))]))
    config = {"architecture": "rnn_lm", "vocab_size": V, **opts}
    return config, {"embedding": emb_name, "rnn": rnn_name, "head": head_name}, tensors, set()


def not_exportable(module):
    """A user's model the exporter cannot map onto one of the engine's architectures, said plainly
    before any module search asks to name one of several: an encoder-decoder. None otherwise."""
    if isinstance(module, at.Seq2Seq):
        return None
    embs = [n for n, m in module.named_modules() if isinstance(m, nn.Embedding)]
    rnns = [n for n, m in module.named_modules() if isinstance(m, (nn.RNN, nn.LSTM, nn.GRU))]
    decoders = [n for n, m in module.named_modules() if isinstance(m, (nn.TransformerDecoder, nn.Transformer))]
    if decoders or (len(embs) >= 2 and len(rnns) >= 2):
        parts = f"embeddings {', '.join(embs)}; " if embs else ""
        parts += f"recurrent layers {', '.join(rnns)}" if rnns else f"decoder {', '.join(decoders)}"
        return (f"this looks like a sequence-to-sequence model ({parts}): the exporter reads a user's own "
                f"Transformer encoder or one-layer RNN language model, and lesson 1's encoder-decoder only as "
                f"scripts/attnlab_torch.Seq2Seq, whose formulas the engine computes (docs/config-reference.md, "
                f"seq2seq: a SimpleRNN encoder and decoder, the decoder reading [x'_j; c_(j-1)], out([s_j; c_j])). "
                f"If your model computes those, build attnlab_torch.Seq2Seq(vocab_size, target_vocab, embed_dim, "
                f"hidden_size, attention), load your weights into it (its tensors: src_embedding, encoder, "
                f"tgt_embedding, decoder, align, out) and export that: the check then compares it with the engine")
    return None


# ---------------------------------------------------------------------------------------------
# what a user's model holds besides what the engine computes: named for what it is


def sinusoid_diff(buffer, D):
    """How far a buffer is from the engine's sinusoid table, read as rows of width D (inf if it is not)."""
    if buffer.dim() == 0 or buffer.shape[-1] != D or not buffer.is_floating_point() or buffer.numel() < 2 * D:
        return float("inf")
    table = buffer.reshape(-1, D)
    return (table.float() - at.sinusoid(table.shape[0], D)).abs().max().item()


def token_embedding(module, D, enc_name):
    """Among several nn.Embedding, the one a head writes scores for (rows = an nn.Linear(D, rows)
    outside the encoder), when exactly one is; else None (find_one then lists them)."""
    rows = {m.out_features for n, m in module.named_modules()
            if isinstance(m, nn.Linear) and m.in_features == D and not n.startswith(enc_name + ".")}
    embs = [n for n, m in module.named_modules() if isinstance(m, nn.Embedding)]
    tokens = [n for n, m in module.named_modules() if isinstance(m, nn.Embedding) and m.num_embeddings in rows
              and "pos" not in n.lower()]
    return tokens[0] if len(embs) > 1 and len(tokens) == 1 else None


def learned_positions(name, m, emb_name, emb):
    return (f"{name}: nn.Embedding({m.num_embeddings}, {m.embedding_dim}) beside the token embedding {emb_name} "
            f"(nn.Embedding({emb.num_embeddings}, {emb.embedding_dim})) looks like a learned positional embedding: "
            f"the engine's Transformer computes the sinusoid (PE[t,2i] = sin(t/10000^(2i/D)), a \"pe\" buffer) or "
            f"no positions, not learned ones, so this model cannot be shown as it computes; train it with the "
            f"sinusoid or without positions (docs/config-reference.md)")


def is_causal_mask(b):
    """A (T, T) buffer that blocks exactly the keys after each query (True or -inf above the diagonal)."""
    if b.dim() != 2 or b.shape[0] != b.shape[1] or b.shape[0] < 2:
        return False
    upper = torch.triu(torch.ones_like(b, dtype=torch.bool), diagonal=1)
    blocked = b if b.dtype == torch.bool else torch.isinf(b) & (b < 0)
    return bool((blocked == upper).all())


def unused_tensor(module, name, tensor, is_param, D, causal):
    """None when the engine computes what the tensor does (a causal mask buffer with causal=True),
    else a message that names what it is."""
    shape = tuple(tensor.shape)
    if not is_param and is_causal_mask(tensor):
        if causal:
            return None
        return (f"{name}: a buffer of shape {shape} that masks the keys after each query (a causal mask), but "
                f"causal={causal!r}: pass causal=True if your forward() applies it")
    if not is_param:
        if D is not None and sinusoid_diff(tensor, D) < float("inf"):
            return (f"{name}: a buffer of shape {shape}, of width d_model={D} like a positional table, but not the "
                    f"engine's sinusoid PE[t,2i] = sin(t/10000^(2i/D)), PE[t,2i+1] = cos(...) (it differs by up to "
                    f"{sinusoid_diff(tensor, D):.3g}): the engine adds that sinusoid or no positions")
        return (f"{name}: a buffer of shape {shape} that the engine would not read; if your forward() uses it, "
                f"the engine cannot compute your model (docs/config-reference.md)")
    owner = module.get_submodule(name.rsplit(".", 1)[0]) if "." in name else module
    return (f"{name}: a parameter of shape {shape} (in a {type(owner).__name__}) outside the embedding, the "
            f"layers and the output head that the engine computes: an extra layer the engine does not compute; "
            f"if your forward() does not use it, delete it before exporting (docs/config-reference.md)")
