#!/usr/bin/python3
"""Reference fixtures for the PyTorch options the engine computes since issue 16, written through
the exporter (scripts/export_pytorch.py), so each one checks the exporter and the engine together:

    /usr/bin/python3 scripts/make_byom_fixtures.py --out tests/fixtures

  <out>/options/tf_norm_first/       nn.TransformerEncoderLayer(norm_first=True), bidirectional
  <out>/options/tf_layer_norm_eps/   layer_norm_eps=1e-3, causal
  <out>/options/tf_final_norm/       nn.TransformerEncoder(norm=nn.LayerNorm), causal, gelu
  <out>/options/rnn_lm_relu/         nn.RNN(nonlinearity="relu")
  <out>/options/seq2seq_relu/        Seq2Seq over nn.RNN(nonlinearity="relu"), additive attention
  <out>/byom-transformer/           scripts/byom_example.py: a user's own model trained for seconds

Each folder holds the three model files, input.txt (and target.txt for teacher forcing) and
expected.safetensors with PyTorch's outputs: ids, logits, map.<i>.scores / map.<i>.weights. The
script prints, for each option, how far the logits move without it: what a test that ignored the
option would miss.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attnlab_torch as at  # noqa: E402
import byom_example  # noqa: E402
import export_pytorch as ex  # noqa: E402
from make_fixtures import TOKENIZER, VOCAB, tokenize  # noqa: E402

torch, nn = at.torch, at.nn


def randomize_norms_and_biases(module):
    """PyTorch starts LayerNorm at (1, 0) and some biases at 0: random values test them too."""
    with torch.no_grad():
        for name, p in module.named_parameters():
            if name.endswith("bias") or ("norm" in name and name.endswith("weight")):
                p.copy_((1.0 if name.endswith("weight") else 0.0) + 0.3 * (2 * torch.rand(p.shape) - 1))


def write_expected(folder, sentence, ids, logits, maps, target=None):
    with open(os.path.join(folder, "input.txt"), "w") as f:
        f.write(sentence + "\n")
    if target is not None:
        with open(os.path.join(folder, "target.txt"), "w") as f:
            f.write(target + "\n")
    expected = {"ids": torch.tensor(ids).float()}
    for i, (scores, weights) in enumerate(maps):
        expected[f"map.{i}.scores"] = scores
        expected[f"map.{i}.weights"] = weights
    expected["logits"] = logits
    at.write_safetensors(os.path.join(folder, "expected.safetensors"), expected, {"input": sentence})


def transformer_case(out, name, seed, sentence, without, **opts):
    torch.manual_seed(seed)
    m = at.TransformerLM(len(VOCAB), 6, 2, 2, 7, max_len=32, **opts).eval()
    randomize_norms_and_biases(m)
    folder = os.path.join(out, "options", name)
    ex.export(m, folder, TOKENIZER, {"description": f"random weights from PyTorch (scripts/make_byom_fixtures.py): {name}",
                                     "data": "random init, PyTorch reference fixture", "seed": seed})
    ids = torch.tensor(tokenize(sentence))
    with torch.no_grad():
        logits, maps = m(ids), m.attention(ids)
        # The same weights without the option: how much a test would catch if the engine ignored it.
        plain = at.TransformerLM(len(VOCAB), 6, 2, 2, 7, max_len=32, **dict(opts, **without)).eval()
        plain.load_state_dict({k: v for k, v in m.state_dict().items() if not k.startswith("norm.")}, strict=False)
        effect = (plain(ids) - logits).abs().max().item()
    write_expected(folder, sentence, ids.tolist(), logits, maps)
    print(f"  {name}: logits move by up to {effect:.3g} without {without}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default="tests/fixtures", help="output folder (default: tests/fixtures)")
    p.add_argument("--seconds", type=float, default=8.0, help="training time of the byom-transformer model")
    out = p.parse_args().out
    print(f"PyTorch {torch.__version__}: writing option fixtures to {out}")
    transformer_case(out, "tf_norm_first", 90, "the cat saw a bird in the snorkly tree.", {"norm_first": False},
                     causal=False, norm_first=True)
    transformer_case(out, "tf_layer_norm_eps", 91, "a dog ran to the park and it was glimmy.", {"layer_norm_eps": 1e-5},
                     causal=True, layer_norm_eps=1e-3)
    transformer_case(out, "tf_final_norm", 92, "it was a happy cat on the quaxly mat.", {"final_norm": False},
                     causal=True, activation="gelu", final_norm=True)

    torch.manual_seed(93)
    rnn = at.RnnLM(len(VOCAB), 5, 7, "rnn", "relu").eval()
    folder = os.path.join(out, "options", "rnn_lm_relu")
    ex.export(rnn, folder, TOKENIZER, {"description": "random weights from PyTorch: nn.RNN(nonlinearity='relu')",
                                       "data": "random init, PyTorch reference fixture", "seed": 93})
    sentence = "the dog saw the cat and the bird sat in the flimsy tree."
    ids = torch.tensor(tokenize(sentence))
    with torch.no_grad():
        logits = rnn(ids)
        tanh = at.RnnLM(len(VOCAB), 5, 7, "rnn", "tanh")
        tanh.load_state_dict(rnn.state_dict())
        effect = (tanh(ids) - logits).abs().max().item()
    write_expected(folder, sentence, ids.tolist(), logits, [])
    print(f"  rnn_lm_relu: logits move by up to {effect:.3g} with tanh")

    torch.manual_seed(94)
    tv = ["<bos>", "<eos>", "<unk>", "le", "la", "chat", "chien", "voit", "oiseau", "."]
    s2s = at.Seq2Seq(len(VOCAB), tv, 5, 7, "additive", 6, "relu").eval()
    randomize_norms_and_biases(s2s)
    folder = os.path.join(out, "options", "seq2seq_relu")
    ex.export(s2s, folder, TOKENIZER, {"description": "random weights from PyTorch: Seq2Seq over nn.RNN(relu)",
                                       "data": "random init, PyTorch reference fixture", "seed": 94})
    sentence, target = "the cat saw a wibbly dog .", "le chat voit la chien ."
    ids = torch.tensor(tokenize(sentence))
    ty = torch.tensor([tv.index(w) for w in target.split()] + [tv.index("<eos>")])
    with torch.no_grad():
        logits, maps, _ = s2s.run(ids, ty)
        tanh = at.Seq2Seq(len(VOCAB), tv, 5, 7, "additive", 6, "tanh")
        tanh.load_state_dict(s2s.state_dict())
        effect = (tanh(ids, ty) - logits).abs().max().item()
    write_expected(folder, sentence, ids.tolist(), logits, maps, target=target)
    print(f"  seq2seq_relu: logits move by up to {effect:.3g} with tanh")

    folder = os.path.join(out, "byom-transformer")
    model, tokenizer, sentence = byom_example.train_and_export(folder, seconds=p.parse_args().seconds)
    ids = torch.tensor(byom_example.encode(tokenizer, sentence))
    with torch.no_grad():
        logits = model(ids)
        x = model.tok(ids) + model.pe[:len(ids)]
        maps = at.encoder_attention(model.encoder.layers, x, causal=True)
    write_expected(folder, sentence, ids.tolist(), logits, maps)
    size = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder))
    print(f"  byom-transformer: {size} bytes")
    for name in ("tf_norm_first", "tf_layer_norm_eps", "tf_final_norm", "rnn_lm_relu", "seq2seq_relu"):
        f = os.path.join(out, "options", name)
        result = ex.engine_forward(f, text=open(os.path.join(f, "input.txt")).read().strip(),
                                   target=open(os.path.join(f, "target.txt")).read().strip()
                                   if os.path.exists(os.path.join(f, "target.txt")) else None) if ex.cli_path() else None
        if result is not None:
            want = at.read_safetensors(os.path.join(f, "expected.safetensors"))["logits"]
            print(f"  {name}: attnlab forward max |logits diff| {(ex.engine_logits(result) - want).abs().max().item():.2e}")


if __name__ == "__main__":
    main()
