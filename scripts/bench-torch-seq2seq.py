#!/usr/bin/env python3
"""The training lab's Seq2Seq written the natural PyTorch way, for the benchmark's engine/PyTorch ratio.

Same model and batch as attnlab_bench's "train_seq2seq" workload (cpp/bench/bench_main.cpp):
SimpleRNN encoder and decoder, E=16, D=64, additive attention v^T tanh(W_K h_i + W_Q s_j) with
A=D, the decoder reading [x'_j; c_{j-1}] and writing from [s_j; c_j], teacher forcing, a batch
of 16 reversal examples of 5-12 symbols (padded and masked), cross-entropy, Adam with gradient
clipping at 1. One CPU thread. Prints one JSON line like attnlab_bench:
  {"workload": "train_seq2seq", "us_per_forward": <median microseconds per training step>}
  scripts/bench-torch-seq2seq.py [BATCHES] [STEPS_PER_BATCH]
"""
import json
import random
import sys
import time

import torch
from torch import nn

torch.set_num_threads(1)
torch.manual_seed(1)
random.seed(1)

SYMBOLS, E, D, BATCH = 10, 16, 64, 16
SRC_V = SYMBOLS + 1  # <unk> + symbols
TGT_V = SYMBOLS + 3  # <bos> <eos> <unk> + symbols
BOS, EOS = 0, 1


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.src_embedding = nn.Embedding(SRC_V, E)
        self.encoder = nn.RNN(E, D, batch_first=True)
        self.tgt_embedding = nn.Embedding(TGT_V, E)
        self.decoder = nn.RNNCell(E + D, D)
        self.w_key = nn.Linear(D, D, bias=False)
        self.w_query = nn.Linear(D, D, bias=False)
        self.v = nn.Linear(D, 1, bias=False)
        self.out = nn.Linear(2 * D, TGT_V)

    def attend(self, keys, h, s, mask):
        e = self.v(torch.tanh(keys + self.w_query(s).unsqueeze(1))).squeeze(2)  # (B, S)
        alpha = torch.softmax(e.masked_fill(~mask, float("-inf")), dim=1)
        return torch.bmm(alpha.unsqueeze(1), h).squeeze(1)  # (B, D)

    def forward(self, src, lengths, tgt_in):
        h, _ = self.encoder(self.src_embedding(src))  # (B, S, D)
        mask = torch.arange(src.shape[1]).unsqueeze(0) < lengths.unsqueeze(1)
        keys = self.w_key(h)
        s = h[torch.arange(src.shape[0]), lengths - 1]  # s_0 = h_m
        c = self.attend(keys, h, s, mask)  # c_0
        x = self.tgt_embedding(tgt_in)
        outs = []
        for j in range(tgt_in.shape[1]):
            s = self.decoder(torch.cat([x[:, j], c], dim=1), s)
            c = self.attend(keys, h, s, mask)
            outs.append(torch.cat([s, c], dim=1))
        return self.out(torch.stack(outs, dim=1))  # (B, T, V)


def batch():
    lengths = [random.randint(5, 12) for _ in range(BATCH)]
    S = max(lengths)
    src = torch.zeros(BATCH, S, dtype=torch.long)
    tgt_in = torch.full((BATCH, S + 1), EOS, dtype=torch.long)
    tgt_out = torch.full((BATCH, S + 1), -100, dtype=torch.long)
    for b, n in enumerate(lengths):
        seq = [random.randrange(SYMBOLS) for _ in range(n)]
        src[b, :n] = torch.tensor([1 + s for s in seq])
        rev = [3 + s for s in reversed(seq)]
        tgt_in[b, : n + 1] = torch.tensor([BOS] + rev)
        tgt_out[b, : n + 1] = torch.tensor(rev + [EOS])
    return src, torch.tensor(lengths), tgt_in, tgt_out


def main():
    batches = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    per_batch = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    model = Seq2Seq()
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    loss_fn = nn.CrossEntropyLoss(ignore_index=-100)

    def step():
        src, lengths, tgt_in, tgt_out = batch()
        opt.zero_grad()
        logits = model(src, lengths, tgt_in)
        loss = loss_fn(logits.reshape(-1, TGT_V), tgt_out.reshape(-1))
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        return loss.item()

    for _ in range(5):
        step()  # warm-up
    times = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(per_batch):
            step()
        times.append((time.perf_counter() - start) / per_batch * 1e6)
    times.sort()
    print(json.dumps({"workload": "train_seq2seq", "us_per_forward": round(times[len(times) // 2], 3)}))


if __name__ == "__main__":
    main()
