#!/usr/bin/env python3
"""Writes the libFuzzer seed corpora (tests/fuzz/corpus/<harness>/) from the test fixtures and the
shipped configs: small valid inputs the fuzzers start from. Deterministic; standard library only.
    python3 scripts/make_fuzz_seeds.py          (run from anywhere)
See docs/testing.md, "Fuzzing and sanitizers"."""
import json
import os
import shutil
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(ROOT, "tests", "fixtures")
MODELS = os.path.join(ROOT, "models")
OUT = os.path.join(ROOT, "tests", "fuzz", "corpus")
SEP = b"\n--8<--\n"  # tests/fuzz/fuzz_common.h kSeparator


def read(*path):
    with open(os.path.join(*path), "rb") as f:
        return f.read()


def write(harness, name, data):
    os.makedirs(os.path.join(OUT, harness), exist_ok=True)
    with open(os.path.join(OUT, harness, name), "wb") as f:
        f.write(data)


def safetensors(tensors, metadata=None):
    """tensors: [(name, dtype, shape, raw bytes)] -> a file (8-byte length, JSON header, data)."""
    header, data = {}, b""
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata:
        header["__metadata__"] = metadata
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    return struct.pack("<Q", len(h)) + h + data


def small_bpe(n_merges=24):
    """The shipped BPE tokenizer cut to its first merges (each merge only uses earlier ids)."""
    tok = json.loads(read(MODELS, "tf-mlm", "config.json"))["tokenizer"]
    tok["merges"] = tok["merges"][:n_merges]
    return tok, 256 + n_merges + len(tok.get("special", []))


FOLDERS = ["models/attention_encoder", "models/rnn_attention_lstm", "models/rnn_attention_gru",
           "models/transformer_causal_gelu", "options/rnn_lm_relu", "options/seq2seq_relu", "options/tf_norm_first"]
TEXTS = [b"the cat sat on the mat .", b"The  Cat\tSAT!! on 42 mats...", "caf\u00e9 \u732b \U0001F408 \u202eabc\u200b".encode(),
         b"a \xff\xfe broken \xc3 byte", b"the <mask> sat", b"", b"   ", b"x" * 300]


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    # safetensors: fixture files up to 3 KB, plus F16 / BF16 / scalar / metadata cases.
    for name in sorted(os.listdir(FIX)):
        if name.endswith(".safetensors") and os.path.getsize(os.path.join(FIX, name)) <= 3000:
            write("safetensors", name, read(FIX, name))
    write("safetensors", "f16_bf16.safetensors", safetensors(
        [("a", "F16", [2, 2], struct.pack("<4e", 1, -2, 0.5, 65504)), ("b", "BF16", [3], b"\x80\x3f\x00\x40\x00\x00"),
         ("s", "F32", [], struct.pack("<f", 3.5)), ("e", "F32", [0, 3], b"")], {"format": "pt"}))
    # 8-bit weights (docs/weights-format.md): W as I8 [2,3] with one F16 scale per row in "W.scale".
    write("safetensors", "q8.safetensors", safetensors(
        [("w", "I8", [2, 3], struct.pack("<6b", 127, -64, 0, -127, 3, 1)), ("w.scale", "F16", [2], struct.pack("<2e", 0.5, 0.0078125)),
         ("b", "F16", [3], struct.pack("<3e", 0.25, -1, 2))], {"format": "pt"}))
    # 4-bit weights: W [2,4] as U8 [2,2], two values a byte (low nibble first), scales in "W.scale".
    write("safetensors", "q4.safetensors", safetensors(
        [("w", "U8", [2, 2], bytes([0x8F, 0x71, 0x07, 0xF9])), ("w.scale", "F16", [2], struct.pack("<2e", 0.5, 0.125)),
         ("b", "F16", [2], struct.pack("<2e", 0.25, -1))], {"format": "pt"}))
    # 4-bit weights with a scale per group of 2 columns: "W.scale" [2, 2] (docs/weights-format.md).
    write("safetensors", "q4_groups.safetensors", safetensors(
        [("w", "U8", [2, 2], bytes([0x8F, 0x71, 0x07, 0xF9])),
         ("w.scale", "F16", [2, 2], struct.pack("<4e", 0.5, 0.125, 1, 0.25))], {"format": "pt"}))

    # model_folder: config, weights, card, text (a folder as the page opens it); config alone is loadRandom.
    for folder in FOLDERS:
        d = os.path.join(FIX, folder)
        text = read(d, "input.txt").strip()
        write("model_folder", folder.replace("/", "_"),
              SEP.join([read(d, "config.json"), read(d, "model.safetensors"), read(d, "card.json"), text]))
    tok, vocab = small_bpe()
    for folder, shape in [("tf-mlm", {"d_model": 4, "d_ff": 8, "n_layer": 1}),
                          ("lm-lstmn", {"embed_dim": 4, "hidden_size": 4, "attn_dim": 4}),
                          ("lm-rnn", {"embed_dim": 4, "hidden_size": 4})]:
        c = json.loads(read(MODELS, folder, "config.json"))
        c.update(shape, vocab_size=vocab, tokenizer=tok)
        write("model_folder", "random_" + folder, json.dumps(c).encode())
    write("model_folder", "random_demo", read(MODELS, "configs", "demo_random.json"))
    # Finding 1 (docs/testing.md): a config far bigger than its weights file.
    write("model_folder", "finding1_big_config", json.dumps(
        {"architecture": "rnn_lm", "vocab_size": 1048576, "embed_dim": 4096, "hidden_size": 4096,
         "cell": "rnn"}).encode() + SEP + b"xxxxxxxx")

    # tokenizers: texts for the fixed tokenizers, and tokenizer configs followed by a text.
    for i, t in enumerate(TEXTS):
        write("tokenizers", "text%d" % i, t)
    words = json.loads(read(FIX, "models", "transformer", "config.json"))["tokenizer"]
    for name, config in [("words", words), ("bpe", tok), ("hash", {"kind": "hash_words", "lowercase": False})]:
        write("tokenizers", "config_" + name, json.dumps(config).encode() + SEP + TEXTS[2])

    # forward: model byte (an index into fuzz::small_models, 23 models), row byte, word byte, text, target.
    for i in range(23):
        write("forward", "model%02d" % i, bytes([i, 1, 3]) + TEXTS[i % 2] + SEP + b"le chat est sur la table .")
        write("forward", "model%02d_hostile" % i, bytes([i, 0, 0]) + TEXTS[2 + i % 6] + SEP + TEXTS[3])

    # intervention: model byte, the description (models/intervention.h), text, target.
    edits = [{"op": "pin", "layer": 0, "head": 1, "row": 2, "key": 1, "weight": 0.43},
             {"op": "row", "row": 1, "weights": [0.5, 0.5, 0, 0]}, {"op": "uniform", "layer": 1},
             {"op": "mask", "token": 2}, {"op": "temperature", "value": 2}, {"op": "scale", "on": False},
             {"op": "ablate_head", "layer": 1, "head": 0}, {"op": "ablate_layer", "layer": 0}]
    for i in range(23):
        e = edits[i % len(edits)]
        write("intervention", "model%02d_%s" % (i, e["op"]),
              bytes([i]) + json.dumps({"edits": [e]}).encode() + SEP + TEXTS[0] + SEP + b"le chat")
        write("intervention", "model%02d_all" % i, bytes([i]) + json.dumps({"edits": edits}).encode())

    # lab_config: the page's lab defaults, made small (every number at most 32).
    for name, shape in [("lab_recall", {"embed_dim": 8, "hidden_size": 8}), ("lab_mirror", {"d_model": 8, "d_ff": 16})]:
        c = json.loads(read(MODELS, "configs", name + ".json"))
        c.pop("description")
        c["model"].update(shape)
        c["task"].update(n_eval=4, n_test=4, min_len=3, max_len=6)
        c.update(steps=2, batch_size=2, log_every=1)
        c.pop("eval_every", None)
        write("lab_config", name, json.dumps(c).encode())
    write("lab_config", "lab_reverse", json.dumps(
        {"model": {"architecture": "seq2seq", "embed_dim": 8, "hidden_size": 8, "attention": "additive"},
         "task": {"kind": "reverse", "n_eval": 4, "n_test": 4, "min_len": 2, "max_len": 5}, "batch_size": 2,
         "seed": 1}).encode())


if __name__ == "__main__":
    main()
