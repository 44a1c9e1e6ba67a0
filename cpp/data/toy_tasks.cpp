#include "data/toy_tasks.h"

#include <algorithm>
#include <numeric>

#include "models/config.h"

namespace attnlab {

namespace {

const char* const kKinds[] = {"reverse", "shift", "sort", "date"};

const char* const kMonths[] = {"January", "February", "March",     "April",   "May",      "June",
                               "July",    "August",   "September", "October", "November", "December"};

std::string letter(int i) { return std::string(1, static_cast<char>('a' + i)); }

int draw(Rng& rng, int lo, int hi) { return lo + static_cast<int>(rng.below(static_cast<uint64_t>(hi - lo + 1))); }

std::vector<std::string> digits_of(int value, int width) {
  std::string s = std::to_string(value);
  while (static_cast<int>(s.size()) < width) s = "0" + s;
  std::vector<std::string> out;
  for (char c : s) out.emplace_back(1, c);
  return out;
}

SentencePair date_pair(Rng& rng) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const int year = draw(rng, 1900, 2099);
  const int month = draw(rng, 1, 12);
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  const int day = draw(rng, 1, kDays[month - 1] + (month == 2 && leap ? 1 : 0));
  const bool day_first = rng.below(2) == 0;  // "23 November 2026" or "November 23 2026"
  SentencePair p;
  const std::vector<std::string> day_src = digits_of(day, 1), year_digits = digits_of(year, 4);
  std::vector<int> day_at, year_at;
  int month_at = 0;
  const auto put_day = [&] {
    for (const std::string& d : day_src) {
      day_at.push_back(static_cast<int>(p.en.size()));
      p.en.push_back(d);
    }
  };
  if (day_first) put_day();
  month_at = static_cast<int>(p.en.size());
  p.en.push_back(kMonths[month - 1]);
  if (!day_first) put_day();
  for (const std::string& d : year_digits) {
    year_at.push_back(static_cast<int>(p.en.size()));
    p.en.push_back(d);
  }
  // Target: YYYY - MM - DD. Year digit k reads year digit k; both month digits read the month's
  // name; "-" reads nothing.
  for (int k = 0; k < 4; ++k) {
    p.alignment.emplace_back(year_at[static_cast<size_t>(k)], static_cast<int>(p.fr.size()));
    p.fr.push_back(year_digits[static_cast<size_t>(k)]);
  }
  p.fr.push_back("-");
  for (const std::string& d : digits_of(month, 2)) {
    p.alignment.emplace_back(month_at, static_cast<int>(p.fr.size()));
    p.fr.push_back(d);
  }
  p.fr.push_back("-");
  // Day digit k reads day digit k; a one-digit day ("5" -> "05") is read by both.
  const std::vector<std::string> day_digits = digits_of(day, 2);
  for (size_t k = 0; k < 2; ++k) {
    p.alignment.emplace_back(day_at[day_at.size() == 2 ? k : 0], static_cast<int>(p.fr.size()));
    p.fr.push_back(day_digits[k]);
  }
  std::sort(p.alignment.begin(), p.alignment.end());
  return p;
}

}  // namespace

bool is_toy_task(const std::string& kind) {
  return std::find(std::begin(kKinds), std::end(kKinds), kind) != std::end(kKinds);
}

ToyTask read_toy_task(const nlohmann::json& task) {
  ToyTask t;
  t.kind = config_string(task, "kind", "reverse");
  if (!is_toy_task(t.kind))
    throw ConfigError("toy task \"kind\" is \"" + t.kind + "\"; expected reverse, shift, sort or date");
  t.min_len = config_int(task, "min_len", 1, 64, t.min_len);
  t.max_len = config_int(task, "max_len", 1, 64, t.max_len);
  if (t.max_len < t.min_len)
    throw ConfigError("toy task \"max_len\" (" + std::to_string(t.max_len) + ") is below \"min_len\" (" +
                      std::to_string(t.min_len) + ")");
  t.symbols = config_int(task, "symbols", 2, 26, t.symbols);
  t.shift = config_int(task, "shift", 0, 64, t.shift);
  return t;
}

SentencePair toy_pair(const ToyTask& task, Rng& rng) {
  if (task.kind == "date") return date_pair(rng);
  const int n = draw(rng, task.min_len, task.max_len);
  std::vector<int> src(static_cast<size_t>(n));
  for (int& s : src) s = static_cast<int>(rng.below(static_cast<uint64_t>(task.symbols)));
  std::vector<int> from(static_cast<size_t>(n));  // target j is source from[j]
  if (task.kind == "reverse") {
    for (int j = 0; j < n; ++j) from[static_cast<size_t>(j)] = n - 1 - j;
  } else if (task.kind == "shift") {
    for (int j = 0; j < n; ++j) from[static_cast<size_t>(j)] = (j + task.shift) % n;
  } else {  // sort: stable, so equal symbols keep their order and each has one gold source
    std::iota(from.begin(), from.end(), 0);
    std::stable_sort(from.begin(), from.end(),
                     [&](int a, int b) { return src[static_cast<size_t>(a)] < src[static_cast<size_t>(b)]; });
  }
  SentencePair p;
  for (int s : src) p.en.push_back(letter(s));
  for (int j = 0; j < n; ++j) {
    const int i = from[static_cast<size_t>(j)];
    p.fr.push_back(p.en[static_cast<size_t>(i)]);
    if (task.kind != "sort") {
      p.alignment.emplace_back(i, j);
      continue;
    }
    // Sorting reads a symbol, not a position: every source copy of the symbol is a right answer.
    for (int k = 0; k < n; ++k)
      if (src[static_cast<size_t>(k)] == src[static_cast<size_t>(i)]) p.alignment.emplace_back(k, j);
  }
  std::sort(p.alignment.begin(), p.alignment.end());
  return p;
}

std::vector<std::string> toy_source_vocab(const ToyTask& task) {
  std::vector<std::string> v = {"<unk>"};
  if (task.kind == "date") {
    for (int d = 0; d < 10; ++d) v.push_back(std::to_string(d));
    for (const char* m : kMonths) v.emplace_back(m);
  } else {
    for (int i = 0; i < task.symbols; ++i) v.push_back(letter(i));
  }
  return v;
}

std::vector<std::string> toy_target_vocab(const ToyTask& task) {
  std::vector<std::string> v = {"<bos>", "<eos>", "<unk>"};
  if (task.kind == "date") {
    for (int d = 0; d < 10; ++d) v.push_back(std::to_string(d));
    v.push_back("-");
  } else {
    for (int i = 0; i < task.symbols; ++i) v.push_back(letter(i));
  }
  std::sort(v.begin() + 3, v.end());
  return v;
}

}  // namespace attnlab
