#!/usr/bin/python3
"""Export a PyTorch model to an AttnLab model folder (config.json + model.safetensors + card.json).

    from export_pytorch import export
    export(model, "my-model", tokenizer=vocab_words, card={"description": "..."}, causal=True)

`model` is one of AttnLab's reference modules (scripts/attnlab_torch.py: Seq2Seq,
RnnSelfAttentionLM, RnnLM, TransformerLM) or your own nn.Module that holds one nn.Embedding, one
standard nn.TransformerEncoder or one nn.RNN / nn.LSTM / nn.GRU, and one nn.Linear head, under
any attribute names (the arguments embedding=, head=, encoder=, rnn= pick one when there are
several): the config's "names" field records where they are, so model.safetensors keeps your
state_dict names. The config is written from the modules' real options (n_head, norm_first,
layer_norm_eps, activation, nonlinearity, ...);
whatever the engine cannot compute is refused with an ExportError naming the option. What the
modules cannot tell (the causal mask and the positions your forward() adds) you pass in; give
`check=(text, logits)` and the export runs `attnlab forward` on the folder and compares.

The tokenizer travels in config.json's "tokenizer" field: a list of words (or {"kind": "words",
"vocab": [...], "unk": "<unk>", "lowercase": true}) or byte-level BPE merges ({"kind": "bpe",
"merges": [[a, b], ...], "special": [...]}); see docs/config-reference.md.

Run with Debian's interpreter: /usr/bin/python3 scripts/export_pytorch.py --help
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attnlab_torch as at  # noqa: E402

torch, nn, F = at.torch, at.nn, at.F
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_D_MODEL, MAX_LAYERS, MAX_LEN = 128, 12, 4096  # the engine's limits (cpp/models/transformer.cpp)


class ExportError(ValueError):
    """The module uses an option the engine does not compute; the message names it."""


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
        return name, module.get_submodule(name)
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
    emb_name, emb = find_one(module, (nn.Embedding,), "nn.Embedding (the token embedding)", embedding)
    check_embedding(emb_name, emb)
    V = emb.num_embeddings
    head_name, lin = find_head(module, D, V, head, inside=(enc_name,))
    if final_norm is not None:
        if not isinstance(final_norm, nn.LayerNorm) or not final_norm.elementwise_affine:
            refuse(f"{enc_name}.norm", f"{type(final_norm).__name__}", "is not an nn.LayerNorm with weight and bias")
        if final_norm.eps != opts["layer_norm_eps"]:
            refuse(f"{enc_name}.norm", f"eps={final_norm.eps}", f"differs from the layers' layer_norm_eps={opts['layer_norm_eps']}")
    # Positions: a registered sinusoid buffer "pe" (any module), or what the caller says.
    pes = [(n, b) for n, b in module.named_buffers() if n == "pe" or n.endswith(".pe")]
    tensors = {}
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
        tensors[pe_name] = table[:max_len]  # the rows the engine reads, as (max_len, D)
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
    return config, names, tensors


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
    return config, {"embedding": emb_name, "rnn": rnn_name, "head": head_name}, tensors


# ---------------------------------------------------------------------------------------------
# the folder


def tokenizer_config(tokenizer, vocab_size):
    if isinstance(tokenizer, (list, tuple)):
        tokenizer = {"kind": "words", "vocab": list(tokenizer), "unk": "<unk>"}
    if not isinstance(tokenizer, dict) or tokenizer.get("kind") not in ("words", "bpe", "hash_words"):
        raise ExportError("tokenizer: give a list of words (id order) or a dict with \"kind\": words, bpe or hash_words")
    if tokenizer["kind"] == "words" and len(tokenizer.get("vocab", [])) != vocab_size:
        raise ExportError(f"tokenizer: {len(tokenizer.get('vocab', []))} words, but the embedding has {vocab_size} rows")
    if tokenizer["kind"] == "bpe" and 256 + len(tokenizer["merges"]) + len(tokenizer.get("special", [])) != vocab_size:
        raise ExportError(f"tokenizer: 256 bytes + merges + specials is not the embedding's {vocab_size} rows")
    return tokenizer


def reference_config(module):
    if isinstance(module, (at.Seq2Seq, at.RnnSelfAttentionLM)):
        return module.config()
    if isinstance(module, at.RnnLM):
        return {"architecture": "rnn_lm", "vocab_size": module.embedding.num_embeddings,
                **check_rnn("rnn", module.rnn)}
    opts = check_encoder_layers("layers", module.layers)
    c = {"architecture": "transformer", "vocab_size": module.embedding.num_embeddings,
         **{k: opts[k] for k in ("d_model", "n_head", "n_layer", "d_ff", "activation")},
         "positional": module.positional, "causal": module.causal, "objective": "lm" if module.causal else "mlm",
         "max_len": module.max_len}
    if opts["norm_first"]:
        c["norm_first"] = True
    if opts["layer_norm_eps"] != 1e-5:
        c["layer_norm_eps"] = opts["layer_norm_eps"]
    if module.norm is not None:
        c["final_norm"] = True
    return c


def cli_path():
    for p in (os.environ.get("ATTNLAB_CLI"), os.path.join(REPO, "build/native/attnlab"), shutil.which("attnlab")):
        if p and os.access(p, os.X_OK):
            return p
    return None


def engine_forward(folder, text=None, ids=None, target=None):
    """`attnlab forward folder ... --json` as a dict (needs the native build)."""
    cli = cli_path()
    if cli is None:
        raise ExportError("no attnlab binary to check with: build it (cmake --preset native && cmake --build "
                          "build/native) or set ATTNLAB_CLI")
    args = [cli, "forward", folder, "--json"]
    args += ["--text", text] if text is not None else ["--ids", ",".join(str(int(i)) for i in ids)]
    if target is not None:
        args += ["--target", target]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise ExportError(f"attnlab forward refused the folder: {r.stderr.strip()}")
    return json.loads(r.stdout)


def engine_logits(result):
    t = next(t for t in result["tensors"] if t["name"] == "logits")
    return torch.tensor(t["data"]).reshape(t["rows"], t["cols"])


def export(module, folder, tokenizer, card=None, causal=None, positional=None, max_len=None, embedding=None,
           head=None, encoder=None, rnn=None, check=None):
    """Writes folder/config.json, model.safetensors, card.json. Returns the config.
    check=(text, logits): run `attnlab forward folder --text text` and require the engine's logits to
    match `logits` (your module's, for that text) within 1e-4, else ExportError."""
    module = module.eval()
    if isinstance(module, (at.Seq2Seq, at.RnnSelfAttentionLM, at.RnnLM, at.TransformerLM)):
        config, names = reference_config(module), {}
        tensors = dict(module.state_dict())
    elif any(isinstance(m, nn.TransformerEncoder) for m in module.modules()):
        config, names, tensors = user_transformer(module, causal, positional, max_len, embedding, head, encoder)
    elif any(isinstance(m, (nn.RNN, nn.LSTM, nn.GRU)) for m in module.modules()):
        config, names, tensors = user_rnn_lm(module, embedding, head, rnn)
    else:
        raise ExportError("the model holds no nn.TransformerEncoder and no nn.RNN / nn.LSTM / nn.GRU; for the "
                          "lessons' own architectures build it from scripts/attnlab_torch.py")
    # Every parameter and buffer of the model must be in the file: nothing it computes with is left out.
    written = {n for n in tensors}
    for n, p in list(module.named_parameters()) + list(module.named_buffers()):
        if n not in written:
            raise ExportError(f"{n}: a {'parameter' if isinstance(p, nn.Parameter) else 'buffer'} of shape "
                              f"{tuple(p.shape)} that the engine would not use (a learned positional embedding? an "
                              f"extra layer?); the engine computes exactly docs/config-reference.md")
    names = {k: v for k, v in names.items() if k != v}
    if names:
        config["names"] = names
    config["tokenizer"] = tokenizer_config(tokenizer, config["vocab_size"])
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2, ensure_ascii=False)
        f.write("\n")
    at.write_safetensors(os.path.join(folder, "model.safetensors"), {k: v.float() for k, v in tensors.items()},
                         {"format": "pt", "architecture": config["architecture"]})
    full_card = {"description": "", "data": "", **(card or {}),
                 "parameters": sum(p.numel() for p in module.parameters()),
                 "exported_by": f"scripts/export_pytorch.py (PyTorch {torch.__version__})"}
    with open(os.path.join(folder, "card.json"), "w") as f:
        json.dump(full_card, f, indent=2, ensure_ascii=False)
        f.write("\n")
    if check is not None:
        text, want = check
        got = engine_logits(engine_forward(folder, text=text))
        if got.shape != want.shape:
            raise ExportError(f"check: the engine read {got.shape[0]} tokens of {text!r}, your logits have {want.shape[0]} rows")
        diff = (got - want.detach().float()).abs().max().item()
        if diff > 1e-4:
            raise ExportError(f"check: the engine's logits differ from your module's by up to {diff:.3g}: your forward() "
                              "computes something else (an embedding scale such as * sqrt(d_model)? another mask? "
                              "positions added differently?); see docs/config-reference.md")
    return config


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="Walkthrough: docs/byom-tutorial.md; every config field: docs/config-reference.md.")
    p.add_argument("--self-check", action="store_true",
                   help="export a small random model of every architecture, compare `attnlab forward` with "
                        "PyTorch (within 1e-5), and check that unsupported options are refused by name")
    args = p.parse_args()
    if not args.self_check:
        p.print_help()
        return 0
    import export_selfcheck
    return export_selfcheck.run()


if __name__ == "__main__":
    sys.exit(main())
