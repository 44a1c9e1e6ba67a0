"""The exporter's check (scripts/export_pytorch.py): the folder just written is read by the engine
(`attnlab forward --json`) and its logits are compared with the PyTorch module's own, in eval mode,
on a probe of token ids. A forward() that computes something the modules do not show (the embedding
times sqrt(d_model), another mask, an activation before the head) would otherwise load silently
and show other numbers than the student's model computes: it is refused, with what was found.

With check=(text, logits) the engine also reads `text` and its logits are compared with the caller's
(this checks the tokenizer too); when they differ while the probe agreed, the message says whether
the caller's logits are the module's own (train mode and dropout, another tokenization).
"""

import json
import math
import os
import shutil
import subprocess
import tempfile

import attnlab_torch as at

torch, nn = at.torch, at.nn
TOL = 1e-4  # float32 through two implementations; a real difference is far above (issue 52: 0.58 to 1.78)


class ExportError(ValueError):
    """The module uses an option the engine does not compute, or the check failed; the message names it."""


class CheckFailed(ExportError):
    """The engine and the module disagree (or could not be compared); the message says how and what to do."""


def cli_path():
    """$ATTNLAB_CLI when set (that binary or none), else build/native/attnlab, else attnlab on PATH."""
    if os.environ.get("ATTNLAB_CLI"):
        p = os.environ["ATTNLAB_CLI"]
        return p if os.access(p, os.X_OK) else None
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for p in (os.path.join(repo, "build/native/attnlab"), shutil.which("attnlab")):
        if p and os.access(p, os.X_OK):
            return p
    return None


def engine_forward(folder, text=None, ids=None, target=None):
    """`attnlab forward folder ... --json` as a dict; CheckFailed with the engine's words if it refuses."""
    cli = cli_path()
    if cli is None:
        raise CheckFailed("no attnlab binary to check with: build it (cmake --preset native && cmake --build "
                          "build/native) or set ATTNLAB_CLI")
    args = [cli, "forward", folder, "--json"]
    args += ["--text", text] if text is not None else ["--ids", ",".join(str(int(i)) for i in ids)]
    if target is not None:
        args += ["--target", target]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise CheckFailed(f"attnlab forward refused the folder: {r.stderr.strip()}")
    return json.loads(r.stdout)


def engine_logits(result):
    t = next(t for t in result["tensors"] if t["name"] == "logits")
    return torch.tensor(t["data"]).reshape(t["rows"], t["cols"])


def probe_ids(vocab_size, max_len):
    """Twelve ids spread over the vocabulary (fewer if the model reads fewer), the same every time."""
    n = max(2, min(12, max_len or 12))
    return [(7 * i + 3) % vocab_size for i in range(n)]


def module_outputs(module, ids):
    """The module's logits (T, V) for `ids`, under each calling convention that gives that shape:
    forward(ids) with ids of shape (T,) and with (1, T) (a batch of one). Errors are collected."""
    x = torch.tensor(ids)
    outs, errors = [], []
    with torch.no_grad():
        for batched in (True, False):
            try:
                y = module(x[None] if batched else x)
            except Exception as e:  # any error: this convention is not the module's
                errors.append(f"{'(1, T)' if batched else '(T,)'}: {type(e).__name__}: {e}")
                continue
            if isinstance(y, (tuple, list)):
                y = y[0]
            if not torch.is_tensor(y):
                errors.append(f"{'(1, T)' if batched else '(T,)'}: forward returned {type(y).__name__}")
                continue
            y = y[0] if batched and y.dim() == 3 and y.shape[0] == 1 else y
            if y.dim() == 2:
                outs.append(y.float())
            else:
                errors.append(f"{'(1, T)' if batched else '(T,)'}: logits of shape {tuple(y.shape)}")
    return outs, errors


def max_diff(got, want):
    return math.inf if got.shape != want.shape else (got - want).abs().max().item()


def best_match(got, outs):
    return min((max_diff(got, o) for o in outs), default=math.inf)


def variant(folder, config, tensors, change):
    """A copy of the folder with `change(config, tensors)` applied, for asking "would this match?"."""
    config, tensors = json.loads(json.dumps(config)), dict(tensors)
    change(config, tensors)
    d = tempfile.mkdtemp(prefix="attnlab-variant-")
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(config, f)
    at.write_safetensors(os.path.join(d, "model.safetensors"), {k: v.float() for k, v in tensors.items()})
    shutil.copy(os.path.join(folder, "card.json"), d)
    return d


def diagnose(folder, config, tensors, names, ids, outs):
    """What a transformer's forward() does that the config does not say, when a changed folder
    matches the module: the causal flag, or the embedding scaled by sqrt(d_model)."""
    if config.get("architecture") != "transformer":
        return None
    emb = names.get("embedding", "embedding") + ".weight"
    D = config["d_model"]

    def flip_causal(c, t):
        c["causal"] = not c["causal"]
        c["objective"] = "lm" if c["causal"] else "mlm"

    def scale(c, t):
        t[emb] = t[emb] * math.sqrt(D)

    tries = [(flip_causal, ("your forward() does not mask the tokens after each query, but causal=True was "
                            "passed: the engine matches your module with causal=False; pass causal=False"
                            if config["causal"] else
                            "your forward() masks the tokens after each query (a causal mask), but causal=False "
                            "was passed: the engine matches your module with causal=True; pass causal=True"))]
    if emb in tensors:
        tries.append((scale, f"your forward() multiplies the embedding by sqrt(d_model) = {math.sqrt(D):.4g} "
                             f"(the Annotated Transformer's habit), which the engine does not compute: scale the "
                             f"table instead (with torch.no_grad(): model.{emb} *= math.sqrt({D})), drop the "
                             f"factor from forward() (the same numbers: positions are added after it), and export "
                             f"again"))
    for change, why in tries:
        d = variant(folder, config, tensors, change)
        try:
            if best_match(engine_logits(engine_forward(d, ids=ids)), outs) <= TOL:
                return why
        except CheckFailed:
            pass
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return None


def seq2seq_probe(module, folder, config, ids):
    """A Seq2Seq decodes: the engine's greedy output, fed back to the module by teacher forcing,
    gives the module's logits at the same steps (greedy decoding is teacher forcing on its output)."""
    result = engine_forward(folder, ids=ids)
    got = engine_logits(result)
    vocab = config["target_vocab"]
    targets = [vocab.index(w) for w in result["output_tokens"]]
    if got.shape[0] == len(targets) + 1:
        targets.append(vocab.index("<eos>"))
    with torch.no_grad():
        want = module(torch.tensor(ids), torch.tensor(targets)).float()
    return got, [want]


def check_probe(module, folder, config, tensors, names):
    """The default check: the engine and the module on the same ids. Raises CheckFailed."""
    ids = probe_ids(config["vocab_size"], config.get("max_len"))
    if isinstance(module, at.Seq2Seq):
        got, outs = seq2seq_probe(module, folder, config, ids)
        errors = []
    else:
        got = engine_logits(engine_forward(folder, ids=ids))
        outs, errors = module_outputs(module, ids)
    if not outs:
        raise CheckFailed(f"could not run your module's forward() on probe ids {ids} to compare it with the engine "
                          f"({'; '.join(errors)}): pass check=(text, logits) with your model's logits for a text "
                          f"(computed in eval mode), or check=False to write the folder unchecked")
    diff = best_match(got, outs)
    if diff <= TOL:
        return diff
    why = diagnose(folder, config, tensors, names, ids, outs)
    raise CheckFailed(f"the engine's logits differ from your module's by up to {diff:.3g} on probe ids {ids}: "
                      + (why or "your forward() computes something the modules do not show (an operation between "
                                "them such as an activation before the head or a scale, another mask, positions "
                                "added differently); the engine computes exactly docs/config-reference.md"))


def check_text(module, folder, text, want, was_training):
    """check=(text, logits): the engine reads the text; its logits must be the caller's."""
    result = engine_forward(folder, text=text)
    got, want = engine_logits(result), want.detach().float()
    want = want[0] if want.dim() == 3 and want.shape[0] == 1 else want
    if got.shape != want.shape:
        raise CheckFailed(f"check: the engine read {got.shape[0]} tokens of {text!r} ({result['tokens']}), your "
                          f"logits have {want.shape[0]} rows: your tokenization differs from the engine's "
                          f"(docs/config-reference.md, Tokenizer)")
    diff = max_diff(got, want)
    if diff <= TOL:
        return diff
    outs, _ = module_outputs(module, result["ids"]) if not isinstance(module, at.Seq2Seq) else ([], [])
    own = best_match(got, outs)
    if own <= TOL:
        cause = ("your module was in train mode when export() was called: if these logits were computed then, "
                 "dropout changed them; call model.eval() before computing them (export compares in eval mode)"
                 if was_training else
                 "they are not what your module computes in eval mode for the ids the engine read "
                 f"({result['ids']}): were they computed in train mode (dropout), or from other ids?")
        raise CheckFailed(f"check: your logits for {text!r} differ from the engine's by up to {diff:.3g}, but the "
                          f"engine agrees with your module itself (within {own:.2g}): {cause}")
    raise CheckFailed(f"check: the engine's logits for {text!r} differ from yours by up to {diff:.3g} (the ids "
                      f"the engine read: {result['ids']})")
