#include "cli/cli.h"

#include <algorithm>
#include <sstream>

#include "cli/commands.h"

namespace attnlab {

using namespace cli;

namespace {

constexpr const char* kUsage = R"(attnlab: see attention work (native engine of AttnLab)

usage: attnlab COMMAND [ARGS]      attnlab COMMAND --help for one command's options

  info      config and model card of a model folder
  forward   tokens, outputs and every attention map of a model for a text
  init      a model folder with seeded random weights
  train     train from a train config, write the model folder
  evaluate  score a seq2seq model or a language model
  corpus    a toy translation corpus with gold alignments (English-French, English-Chinese)
  quantize  a model folder with its weights stored as F16 or 8-bit (I8 with per-row scales)
  compare   two versions of one model on its test data: largest logit and attention change

A model folder holds config.json, model.safetensors and card.json (docs/weights-format.md; every
config field: docs/config-reference.md; a PyTorch model into a folder: docs/byom-tutorial.md).
Exit codes: 0 ok, 1 bad model file or input, 2 bad command line.
)";

// One command: its usage text and the options it takes.
struct Command {
  const char* name;
  const char* usage;
  std::vector<std::string> with_value;
  std::vector<std::string> switches;
};

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {"info",
       R"(usage: attnlab info MODEL_DIR
  Loads the folder (config.json, model.safetensors, card.json), checks every tensor against the
  config, and prints the architecture, the parameter count, the config and the card as JSON.
)",
       {},
       {}},
      {"forward",
       R"(usage: attnlab forward MODEL_DIR (--text "..." | --ids 3,1,4) [options]
  Runs the model and prints the tokens and every attention map (rows read columns).
  --text "..."      the input text, tokenized by the model's tokenizer
  --ids 3,1,4       token ids instead of text
  --json            every map and trace tensor as JSON (docs/engine-contract.md)
  --target "..."    seq2seq: decode this sentence (teacher forcing); needs --text
  --intervene JSON  change the attention as it is computed ({"edits": [...]})
)",
       {"--text", "--ids", "--target", "--intervene"},
       {"--json"}},
      {"init",
       R"(usage: attnlab init CONFIG.json --out DIR [--seed N]
  Writes a model folder with seeded random weights for a model config (docs/config-reference.md).
  --out DIR   the folder to write
  --seed N    the random seed (default 1)
)",
       {"--out", "--seed"},
       {}},
      {"train",
       R"(usage: attnlab train CONFIG.json --out DIR [--steps N]
  Trains from a train config (a "model" config, a "task", steps, lr, ...; models/configs/*.json)
  and writes the model folder with its card.
  --out DIR   the folder to write
  --steps N   overrides the config's "steps"
)",
       {"--out", "--steps"},
       {}},
      {"evaluate",
       R"(usage: attnlab evaluate MODEL_DIR --data PAIRS.tsv [--limit N]
       attnlab evaluate MODEL_DIR --corpus DIR [--write-card [--card-key KEY]]
  --data PAIRS.tsv  seq2seq: exact match, token accuracy, alignment error rate of the attention
  --limit N         only the first N pairs
  --corpus DIR      a language model (lm or mlm) on DIR's valid and test splits, as its training did
  --write-card      store the figures on the model's card.json (under "metrics")
  --card-key KEY    under "KEY" instead: another corpus's figures beside the training corpus's
                    (lessons 2 and 3: "metrics_austen", Austen alone, docs/models.md)
)",
       {"--data", "--limit", "--corpus", "--card-key"},
       {"--write-card"}},
      {"corpus",
       R"(usage: attnlab corpus --out DIR [--pair en-fr|en-zh|zh-en] [--seed N] [--train N] [--valid N]
                      [--test N] [--max-len N]
  Writes a toy translation corpus with gold alignments: train.tsv, valid.tsv, test.tsv, vocab.json.
  --pair      source-target language: en-fr (default) English->French, en-zh English->Chinese,
              zh-en the same English-Chinese pairs read Chinese->English (sides swapped,
              alignment transposed); --max-len counts English tokens in all three
)",
       {"--out", "--pair", "--seed", "--train", "--valid", "--test", "--max-len"},
       {}},
      {"quantize",
       R"(usage: attnlab quantize MODEL_DIR --out DIR [--dtype q8|q4|f16|bf16|f32] [--i8 NAME,...]
       [--i4 NAME,...] [--group N]
  Writes the model folder again with its weights stored smaller (docs/weights-format.md): q8 stores
  every 2-D weight as I8 with one F16 scale per row ("NAME.scale") and the rest as F16; q4 the same
  in 4 bits (U8, two values a byte; a weight with an odd number of columns as I8); f16, bf16 and
  f32 store every tensor so. config.json is copied; card.json records "weights_dtype" (I8 for q8,
  I4 for q4). The metrics on the card are not recomputed: scripts/shrink-models measures them.
  --out DIR     the folder to write (may not be MODEL_DIR)
  --dtype D     q8 (default), q4, f16, bf16 or f32
  --i8 NAMES    only these 2-D tensors (file names, comma-separated) as I8, the rest as --dtype
                (F16 for q8); e.g. --dtype f32 --i8 out.weight: a seq2seq's output projection,
                which no attention map reads
  --i4 NAMES    these 2-D tensors in 4 bits, the rest as --dtype (q8: "I8+I4", e.g. the embedding
                and output tables of an 8-bit model)
  --group N     the 4-bit weights (q4 or --i4) with one scale per N columns instead of per row
                (N must divide each one's columns; the card records "weights_i4_group")
)",
       {"--out", "--dtype", "--i8", "--i4", "--group"},
       {}},
      {"compare",
       R"(usage: attnlab compare MODEL_A MODEL_B (--data PAIRS.tsv | --corpus DIR) [--limit N]
  Runs two versions of one model (e.g. F32 and 8-bit weights) on the same inputs and prints, as
  JSON, the largest absolute change of any logit and of any attention weight.
  --data PAIRS.tsv  seq2seq: every pair, decoded with the reference (teacher forcing) and greedily
                    (translations that differ are counted; their maps are not compared)
  --corpus DIR      a language model: the test split in windows of the card's metrics.context,
                    masked as its evaluation masks them for a masked LM
  --limit N         only the first N pairs or windows
)",
       {"--data", "--corpus", "--limit"},
       {}},
  };
  return all;
}

Args parse_args(const std::vector<std::string>& args, size_t from, const std::vector<std::string>& with_value,
                const std::vector<std::string>& switches) {
  Args a;
  for (size_t i = from; i < args.size(); ++i) {
    const std::string& s = args[i];
    if (s.rfind("--", 0) != 0) {
      a.positional.push_back(s);
      continue;
    }
    if (std::find(switches.begin(), switches.end(), s) != switches.end()) {
      a.options[s] = "1";
    } else if (std::find(with_value.begin(), with_value.end(), s) != with_value.end()) {
      if (i + 1 >= args.size()) throw UsageError(s + " needs a value");
      a.options[s] = args[++i];
    } else {
      throw UsageError("unknown option " + s);
    }
  }
  return a;
}

}  // namespace

namespace cli {

int parse_int(const std::string& s, const std::string& what) {
  try {
    size_t used = 0;
    const long v = std::stol(s, &used);
    if (used != s.size() || v < INT32_MIN || v > INT32_MAX) throw std::invalid_argument(s);
    return static_cast<int>(v);
  } catch (const std::exception&) {
    throw UsageError(what + " must be an integer, got \"" + s + "\"");
  }
}

std::vector<int> parse_ids(const std::string& s) {
  std::vector<int> ids;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) ids.push_back(parse_int(item, "--ids entry"));
  return ids;
}

}  // namespace cli

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    (args.empty() ? err : out) << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string& cmd = args[0];
  const auto it = std::find_if(commands().begin(), commands().end(), [&](const Command& c) { return cmd == c.name; });
  if (it == commands().end()) {
    err << "attnlab: unknown command \"" << cmd << "\"\n\n" << kUsage;
    return 2;
  }
  // COMMAND --help (or -h) anywhere: that command's usage, status 0.
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i] == "--help" || args[i] == "-h") {
      out << it->usage;
      return 0;
    }
  try {
    const Args a = parse_args(args, 1, it->with_value, it->switches);
    if (cmd == "info") return cmd_info(a, out);
    if (cmd == "forward") return cmd_forward(a, out);
    if (cmd == "init") return cmd_init(a, out);
    if (cmd == "train") return cmd_train(a, out);
    if (cmd == "evaluate") return cmd_evaluate(a, out);
    if (cmd == "quantize") return cmd_quantize(a, out);
    if (cmd == "compare") return cmd_compare(a, out);
    return cmd_corpus(a, out);
  } catch (const UsageError& e) {
    err << "attnlab " << cmd << ": " << e.what() << "\n\n" << it->usage;
    return 2;
  } catch (const std::exception& e) {
    err << "attnlab " << cmd << ": " << e.what() << "\n";
    return 1;
  }
}

}  // namespace attnlab
