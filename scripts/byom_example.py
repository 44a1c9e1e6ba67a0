#!/usr/bin/python3
"""The tutorial's model (docs/byom-tutorial.md): a tiny causal Transformer language model written
the usual PyTorch way, trained for a few seconds on sentences of a toy grammar, exported to an
AttnLab model folder.

    /usr/bin/python3 scripts/byom_example.py --out my-model [--seconds 8] [--no-check]
    build/native/attnlab forward my-model --text "the cat sees the dog ."

The export is checked: the engine (build/native/attnlab, or $ATTNLAB_CLI) reads the folder and must
compute the model's logits. Without the binary the script stops and says so; --no-check writes the
folder unchecked (and says that too).

Nothing here is AttnLab's own code except the last step, export(): the model is an nn.Embedding,
a registered sinusoidal "pe" buffer, a standard nn.TransformerEncoder (pre-norm layers and a final
LayerNorm) and an nn.Linear head, under the names you would pick yourself.
"""

import argparse
import math
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export_pytorch import ExportError, export  # noqa: E402
import attnlab_torch as at  # noqa: E402

torch, nn = at.torch, at.nn

# A toy grammar: who does what to whom, with adjectives and a few long-distance agreements
# ("the cats that the dog sees are ..."), so the attention has something to learn.
NOUNS = ["cat", "dog", "bird", "fox", "mouse", "horse"]
ADJECTIVES = ["small", "big", "red", "quick", "lazy"]
VERBS = ["sees", "chases", "likes", "follows"]


def sentence(rng):
    def np_():
        adj = [rng.choice(ADJECTIVES)] if rng.random() < 0.4 else []
        return ["the"] + adj + [rng.choice(NOUNS)]
    words = np_()
    if rng.random() < 0.3:
        words += ["that"] + np_() + [rng.choice(VERBS)]
    words += [rng.choice(VERBS)] + np_() + ["."]
    return words


VOCAB = ["<unk>", ".", "the", "that"] + NOUNS + ADJECTIVES + VERBS


def encode(vocab, text):
    """What the engine's "words" tokenizer does for this text: lowercased words and punctuation."""
    index = {w: i for i, w in enumerate(vocab)}
    return [index.get(w.lower(), 0) for w in re.findall(r"[A-Za-z0-9'_]+|[^\sA-Za-z0-9'_]", text)]


class TinyLM(nn.Module):
    """Your model: nothing in it knows about AttnLab."""

    def __init__(self, vocab_size, d_model=32, n_head=2, n_layer=2, d_ff=64, max_len=32):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model)
        pe = torch.zeros(max_len, d_model)  # the PyTorch tutorial's PositionalEncoding table
        pos = torch.arange(max_len, dtype=torch.float).unsqueeze(1)
        div = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        self.register_buffer("pe", pe)
        layer = nn.TransformerEncoderLayer(d_model, n_head, d_ff, dropout=0.1, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, n_layer, norm=nn.LayerNorm(d_model), enable_nested_tensor=False)
        self.lm_head = nn.Linear(d_model, vocab_size)

    def forward(self, ids):  # ids (T,) or (B, T)
        batch = ids.dim() == 2
        ids = ids if batch else ids[None]
        T = ids.shape[1]
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)  # causal
        x = self.encoder(self.tok(ids) + self.pe[:T], mask=mask)
        logits = self.lm_head(x)
        return logits if batch else logits[0]


def train(seconds, seed=1):
    torch.manual_seed(seed)
    rng = random.Random(seed)
    model = TinyLM(len(VOCAB))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    start, step = time.time(), 0
    while time.time() - start < seconds:
        batch = [encode(VOCAB, " ".join(sentence(rng))) for _ in range(32)]
        T = max(len(b) for b in batch)
        ids = torch.tensor([b + [1] * (T - len(b)) for b in batch])  # padded with "." (its loss is ignored)
        targets = torch.tensor([b[1:] + [-100] * (T - len(b) + 1) for b in batch])
        loss = nn.functional.cross_entropy(model(ids).reshape(-1, len(VOCAB)), targets.reshape(-1), ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 100 == 0:
            print(f"  step {step}: loss {loss.item():.3f}")
    return model.eval(), step, loss.item()


EXAMPLE = "the small cat that the dog sees chases the bird ."  # every word in VOCAB


def train_and_export(folder, seconds=8.0, check=True):
    """Trains, exports, and lets export() check the engine against the model on one sentence
    (check=False: written unchecked, which export() says)."""
    model, steps, loss = train(seconds)
    with torch.no_grad():
        logits = model(torch.tensor(encode(VOCAB, EXAMPLE)))
    tokenizer = {"kind": "words", "vocab": VOCAB, "unk": "<unk>"}
    # "example": the sentence the page types when the model is opened (its own words, none unknown).
    card = {"description": "The BYOM tutorial's TinyLM (scripts/byom_example.py): a 2-layer pre-norm causal "
                           "Transformer LM trained in PyTorch on a toy grammar, exported with export_pytorch.py.",
            "data": "sentences of scripts/byom_example.py's toy grammar", "seed": 1, "example": EXAMPLE,
            "training": {"steps": steps, "seconds": seconds, "final_loss": round(loss, 4)}}
    export(model, folder, tokenizer, card, causal=True, check=(EXAMPLE, logits) if check else False)
    return model, VOCAB, EXAMPLE


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default="my-model", help="the model folder to write (default: my-model)")
    p.add_argument("--seconds", type=float, default=8.0, help="training time (default: 8)")
    p.add_argument("--no-check", action="store_true",
                   help="write the folder without comparing the engine with PyTorch (no attnlab binary needed)")
    args = p.parse_args()
    print(f"training TinyLM for {args.seconds:g} s (PyTorch {torch.__version__})")
    try:
        train_and_export(args.out, args.seconds, check=not args.no_check)
    except ExportError as e:
        print(f"byom_example: not exported: {e}" + ("" if args.no_check else
              "\n(--no-check writes the folder without the PyTorch-vs-engine check)"), file=sys.stderr)
        return 1
    print(f"wrote {args.out}/config.json, model.safetensors, card.json"
          + (" (NOT checked against the engine: --no-check)" if args.no_check else
             ", checked: the engine computes the model's logits"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
