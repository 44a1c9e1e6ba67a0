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
modules cannot tell (the causal mask and the positions your forward() adds) you pass in. Every
export is checked: the engine (`attnlab forward`) reads the folder and its logits must equal your
module's on a probe of token ids (scripts/export_check.py), or nothing is written and the
ExportError says what differs; `check=(text, logits)` also compares one text of yours (the
tokenizer too); `check=False` skips the check, and says so.

The tokenizer travels in config.json's "tokenizer" field: a list of words (or {"kind": "words",
"vocab": [...], "unk": "<unk>", "lowercase": true}) or byte-level BPE merges ({"kind": "bpe",
"merges": [[a, b], ...], "special": [...]}); see docs/config-reference.md.

Run with Debian's interpreter: /usr/bin/python3 scripts/export_pytorch.py --help
"""

import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attnlab_torch as at  # noqa: E402
import export_check as ec  # noqa: E402
from export_check import ExportError, cli_path, engine_forward, engine_logits  # noqa: E402,F401

from export_modules import (check_encoder_layers, check_rnn, not_exportable, unused_tensor, user_rnn_lm,  # noqa: E402
                            user_transformer)

torch, nn, F = at.torch, at.nn, at.F


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


def collect(module, tokenizer, causal, positional, max_len, embedding, head, encoder, rnn):
    """The module -> (config, names, tensors), refusing by name what the engine does not compute."""
    computed = set()  # buffers the engine computes itself (a sinusoid under another name than "pe")
    if isinstance(module, (at.Seq2Seq, at.RnnSelfAttentionLM, at.RnnLM, at.TransformerLM)):
        config, names = reference_config(module), {}
        tensors = dict(module.state_dict())
    elif not_exportable(module):
        raise ExportError(not_exportable(module))
    elif any(isinstance(m, nn.TransformerEncoder) for m in module.modules()):
        config, names, tensors, computed = user_transformer(module, causal, positional, max_len, embedding, head,
                                                            encoder)
    elif any(isinstance(m, (nn.RNN, nn.LSTM, nn.GRU)) for m in module.modules()):
        config, names, tensors, computed = user_rnn_lm(module, embedding, head, rnn)
    else:
        raise ExportError("the model holds no nn.TransformerEncoder and no nn.RNN / nn.LSTM / nn.GRU; for the "
                          "lessons' own architectures build it from scripts/attnlab_torch.py")
    # Every parameter and buffer of the model must be in the file or computed by the engine: nothing
    # it computes with is left out.
    for n, p in list(module.named_parameters()) + list(module.named_buffers()):
        if n not in tensors and n not in computed:
            why = unused_tensor(module, n, p, isinstance(p, nn.Parameter), config.get("d_model"), config.get("causal"))
            if why:
                raise ExportError(why)
    names = {k: v for k, v in names.items() if k != v}
    if names:
        config["names"] = names
    config["tokenizer"] = tokenizer_config(tokenizer, config["vocab_size"])
    return config, names, tensors


def write_folder(folder, config, tensors, card):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2, ensure_ascii=False)
        f.write("\n")
    at.write_safetensors(os.path.join(folder, "model.safetensors"), {k: v.float() for k, v in tensors.items()},
                         {"format": "pt", "architecture": config["architecture"]})
    with open(os.path.join(folder, "card.json"), "w") as f:
        json.dump(card, f, indent=2, ensure_ascii=False)
        f.write("\n")


def export(module, folder, tokenizer, card=None, causal=None, positional=None, max_len=None, embedding=None,
           head=None, encoder=None, rnn=None, check=True):
    """Writes folder/config.json, model.safetensors, card.json. Returns the config.

    check=True (the default): before anything is written to `folder`, the engine (`attnlab forward`)
    reads the folder and its logits must equal the module's own, in eval mode, on a probe of token
    ids (within 1e-4), else ExportError saying what differs; a refused export writes nothing.
    check=(text, logits): also read `text` and require the engine's logits to match `logits` (your
    module's for that text, computed in eval mode): this checks the tokenizer too.
    check=False: write without comparing; export says so on stderr, and the card records it.
    The module's train/eval mode is restored on return (the check runs in eval mode)."""
    if check is not True and check is not False and not (isinstance(check, tuple) and len(check) == 2):
        raise ExportError(f"check={check!r}: give True (the default: compare on a probe), (text, logits), or False")
    was_training = module.training
    module.eval()
    try:
        config, names, tensors = collect(module, tokenizer, causal, positional, max_len, embedding, head, encoder, rnn)
        full_card = {"description": "", "data": "", **(card or {}),
                     "parameters": sum(p.numel() for p in module.parameters()),
                     "exported_by": f"scripts/export_pytorch.py (PyTorch {torch.__version__})"}
        with tempfile.TemporaryDirectory(prefix="attnlab-export-") as staging:
            if check is False:
                full_card["export_check"] = "skipped (check=False)"
            else:
                # Checked in a folder of its own, so a refused model leaves nothing that would load.
                write_folder(staging, config, tensors, full_card)
                diff = ec.check_probe(module, staging, config, tensors, names)
                if isinstance(check, tuple):
                    diff = max(diff, ec.check_text(module, staging, check[0], check[1], was_training))
                full_card["export_check"] = f"attnlab forward matches PyTorch within {diff:.2g}"
            write_folder(folder, config, tensors, full_card)
        if check is False:
            print(f"export: {folder} was NOT checked against the engine (check=False): if your forward() computes "
                  f"something the modules do not show, the folder loads and shows other numbers than your model",
                  file=sys.stderr)
        return config
    finally:
        module.train(was_training)


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
