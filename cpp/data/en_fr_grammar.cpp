#include "data/en_fr_grammar.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

#include "core/rng.h"

namespace attnlab {

namespace {

enum class Gender { M, F };

struct Noun {
  std::string en, en_pl, fr, fr_pl;
  Gender gender;
  bool animate;
};

// English modifier order decides the French mirror order: rank 1 (quality) < 2 (colour) <
// 3 (origin) < 4 (relational, closest to the noun). French puts them after the noun in reverse.
struct Adjective {
  std::string en, ms, fs, mp, fp;
  int rank;
  bool before_noun;  // petit, grand, bon, ... stay before the noun in French
};

struct Verb {
  std::string en, en_3sg, fr_3sg, fr_3pl;
  bool transitive;
};

struct Preposition {
  std::vector<std::string> en, fr;      // "next to" -> "à côté de"
  std::vector<std::vector<int>> links;  // for each French word, the English words it comes from
};

Noun noun(const char* en, const char* fr, Gender g, bool animate, const char* en_pl = nullptr,
          const char* fr_pl = nullptr) {
  return {en, en_pl ? en_pl : std::string(en) + "s", fr, fr_pl ? fr_pl : std::string(fr) + "s", g, animate};
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Regular agreement: +e for the feminine (unless it already ends in e), +s for the plural
// (unless it already ends in s or x). Irregular forms are given in full.
Adjective adj(const char* en, const char* ms, int rank, const char* fs = nullptr, const char* mp = nullptr,
              const char* fp = nullptr) {
  Adjective a;
  a.en = en;
  a.ms = ms;
  a.fs = fs ? fs : (ends_with(a.ms, "e") ? a.ms : a.ms + "e");
  a.mp = mp ? mp : (ends_with(a.ms, "s") || ends_with(a.ms, "x") ? a.ms : a.ms + "s");
  a.fp = fp ? fp : a.fs + "s";
  a.rank = rank;
  a.before_noun = false;
  return a;
}

Verb verb(const char* en, const char* en_3sg, const char* fr_3sg, const char* fr_3pl, bool transitive) {
  return {en, en_3sg, fr_3sg, fr_3pl, transitive};
}

const Gender M = Gender::M, F = Gender::F;

}  // namespace

struct EnFrGrammar::Lexicon {
  std::vector<Noun> nouns;
  std::vector<Adjective> adjectives;
  std::vector<Verb> verbs;
  std::vector<Preposition> preps;
  std::vector<int> animate, pre_adjs, post_adjs, transitive, intransitive;

  Lexicon() {
    nouns = {
        // people and animals (may be subjects)
        noun("boy", "garçon", M, true),
        noun("girl", "fille", F, true),
        noun("woman", "femme", F, true, "women"),
        noun("child", "enfant", M, true, "children"),
        noun("teacher", "professeur", M, true),
        noun("student", "étudiant", M, true),
        noun("doctor", "médecin", M, true),
        noun("farmer", "fermier", M, true),
        noun("king", "roi", M, true),
        noun("queen", "reine", F, true),
        noun("friend", "ami", M, true),
        noun("neighbour", "voisin", M, true),
        noun("baker", "boulanger", M, true),
        noun("soldier", "soldat", M, true),
        noun("painter", "peintre", M, true),
        noun("singer", "chanteur", M, true),
        noun("driver", "chauffeur", M, true),
        noun("minister", "ministre", M, true),
        noun("president", "président", M, true),
        noun("lawyer", "avocat", M, true),
        noun("nurse", "infirmière", F, true),
        noun("cook", "cuisinier", M, true),
        noun("pilot", "pilote", M, true),
        noun("sailor", "marin", M, true),
        noun("actor", "acteur", M, true),
        noun("writer", "écrivain", M, true),
        noun("judge", "juge", M, true),
        noun("thief", "voleur", M, true, "thieves"),
        noun("boss", "patron", M, true, "bosses"),
        noun("dog", "chien", M, true),
        noun("cat", "chat", M, true),
        noun("bird", "oiseau", M, true, nullptr, "oiseaux"),
        noun("horse", "cheval", M, true, nullptr, "chevaux"),
        noun("cow", "vache", F, true),
        noun("pig", "cochon", M, true),
        noun("mouse", "souris", F, true, "mice", "souris"),
        noun("wolf", "loup", M, true, "wolves"),
        noun("bear", "ours", M, true, nullptr, "ours"),
        noun("lion", "lion", M, true),
        noun("rabbit", "lapin", M, true),
        noun("duck", "canard", M, true),
        noun("fox", "renard", M, true, "foxes"),
        noun("snake", "serpent", M, true),
        noun("tiger", "tigre", M, true),
        noun("monkey", "singe", M, true),
        noun("elephant", "éléphant", M, true),
        noun("chicken", "poulet", M, true),
        // things and places
        noun("car", "voiture", F, false),
        noun("house", "maison", F, false),
        noun("book", "livre", M, false),
        noun("table", "table", F, false),
        noun("chair", "chaise", F, false),
        noun("door", "porte", F, false),
        noun("window", "fenêtre", F, false),
        noun("tree", "arbre", M, false),
        noun("city", "ville", F, false, "cities"),
        noun("village", "village", M, false),
        noun("country", "pays", M, false, "countries", "pays"),
        noun("river", "rivière", F, false),
        noun("mountain", "montagne", F, false),
        noun("sea", "mer", F, false),
        noun("lake", "lac", M, false),
        noun("forest", "forêt", F, false),
        noun("garden", "jardin", M, false),
        noun("street", "rue", F, false),
        noun("road", "route", F, false),
        noun("bridge", "pont", M, false),
        noun("school", "école", F, false),
        noun("church", "église", F, false, "churches"),
        noun("hospital", "hôpital", M, false, nullptr, "hôpitaux"),
        noun("bank", "banque", F, false),
        noun("market", "marché", M, false),
        noun("shop", "boutique", F, false),
        noun("factory", "usine", F, false, "factories"),
        noun("office", "bureau", M, false, nullptr, "bureaux"),
        noun("train", "train", M, false),
        noun("boat", "bateau", M, false, nullptr, "bateaux"),
        noun("plane", "avion", M, false),
        noun("bicycle", "vélo", M, false),
        noun("truck", "camion", M, false),
        noun("apple", "pomme", F, false),
        noun("bread", "pain", M, false),
        noun("cake", "gâteau", M, false, nullptr, "gâteaux"),
        noun("cheese", "fromage", M, false),
        noun("letter", "lettre", F, false),
        noun("newspaper", "journal", M, false, nullptr, "journaux"),
        noun("picture", "tableau", M, false, nullptr, "tableaux"),
        noun("song", "chanson", F, false),
        noun("game", "jeu", M, false, nullptr, "jeux"),
        noun("box", "boîte", F, false, "boxes"),
        noun("bag", "sac", M, false),
        noun("key", "clé", F, false),
        noun("hat", "chapeau", M, false, nullptr, "chapeaux"),
        noun("shirt", "chemise", F, false),
        noun("shoe", "chaussure", F, false),
        noun("dress", "robe", F, false, "dresses"),
        noun("cup", "tasse", F, false),
        noun("glass", "verre", M, false, "glasses"),
        noun("bottle", "bouteille", F, false),
        noun("plate", "assiette", F, false),
        noun("knife", "couteau", M, false, "knives", "couteaux"),
        noun("flower", "fleur", F, false),
        noun("island", "île", F, false),
        noun("idea", "idée", F, false),
        noun("plan", "plan", M, false),
        noun("report", "rapport", M, false),
        noun("law", "loi", F, false),
        noun("area", "zone", F, false),
        noun("region", "région", F, false),
        noun("union", "union", F, false),
        noun("council", "conseil", M, false),
        noun("committee", "comité", M, false),
        noun("policy", "politique", F, false, "policies"),
        noun("company", "entreprise", F, false, "companies"),
        noun("government", "gouvernement", M, false),
        noun("agreement", "accord", M, false),
        noun("project", "projet", M, false),
        noun("system", "système", M, false),
        noun("network", "réseau", M, false, nullptr, "réseaux"),
        noun("program", "programme", M, false),
        noun("army", "armée", F, false, "armies"),
        noun("museum", "musée", M, false),
        noun("library", "bibliothèque", F, false, "libraries"),
        noun("station", "gare", F, false),
        noun("airport", "aéroport", M, false),
        noun("restaurant", "restaurant", M, false),
        noun("kitchen", "cuisine", F, false),
        noun("room", "chambre", F, false),
        noun("wall", "mur", M, false),
        noun("roof", "toit", M, false),
        noun("computer", "ordinateur", M, false),
        noun("phone", "téléphone", M, false),
        noun("machine", "machine", F, false),
        noun("engine", "moteur", M, false),
        noun("wheel", "roue", F, false),
        noun("map", "carte", F, false),
        noun("ticket", "billet", M, false),
        noun("coat", "manteau", M, false, nullptr, "manteaux"),
        noun("ring", "bague", F, false),
        noun("doll", "poupée", F, false),
        noun("ball", "balle", F, false),
        noun("pen", "stylo", M, false),
        noun("pencil", "crayon", M, false),
    };
    adjectives = {
        // rank 1: qualities
        adj("happy", "heureux", 1, "heureuse", "heureux", "heureuses"),
        adj("sad", "triste", 1),
        adj("tired", "fatigué", 1),
        adj("fast", "rapide", 1),
        adj("slow", "lent", 1),
        adj("hot", "chaud", 1),
        adj("cold", "froid", 1),
        adj("heavy", "lourd", 1),
        adj("light", "léger", 1, "légère"),
        adj("empty", "vide", 1),
        adj("full", "plein", 1),
        adj("clean", "propre", 1),
        adj("dirty", "sale", 1),
        adj("rich", "riche", 1),
        adj("poor", "pauvre", 1),
        adj("strong", "fort", 1),
        adj("weak", "faible", 1),
        adj("calm", "calme", 1),
        adj("noisy", "bruyant", 1),
        adj("famous", "célèbre", 1),
        adj("strange", "étrange", 1),
        adj("round", "rond", 1),
        adj("wet", "mouillé", 1),
        adj("dry", "sec", 1, "sèche"),
        adj("open", "ouvert", 1),
        adj("broken", "cassé", 1),
        adj("hungry", "affamé", 1),
        adj("angry", "fâché", 1),
        adj("brave", "courageux", 1, "courageuse", "courageux", "courageuses"),
        adj("lazy", "paresseux", 1, "paresseuse", "paresseux", "paresseuses"),
        adj("clever", "intelligent", 1),
        adj("polite", "poli", 1),
        adj("modern", "moderne", 1),
        adj("expensive", "cher", 1, "chère"),
        adj("difficult", "difficile", 1),
        adj("easy", "facile", 1),
        adj("important", "important", 1),
        adj("dangerous", "dangereux", 1, "dangereuse", "dangereux", "dangereuses"),
        adj("sick", "malade", 1),
        adj("busy", "occupé", 1),
        adj("free", "libre", 1),
        // rank 2: colours
        adj("red", "rouge", 2),
        adj("blue", "bleu", 2),
        adj("green", "vert", 2),
        adj("black", "noir", 2),
        adj("white", "blanc", 2, "blanche"),
        adj("yellow", "jaune", 2),
        adj("grey", "gris", 2, "grise"),
        adj("brown", "brun", 2),
        adj("pink", "rose", 2),
        adj("purple", "violet", 2, "violette"),
        // rank 3: origin
        adj("european", "européen", 3, "européenne"),
        adj("french", "français", 3, "française"),
        adj("english", "anglais", 3, "anglaise"),
        adj("german", "allemand", 3),
        adj("italian", "italien", 3, "italienne"),
        adj("spanish", "espagnol", 3),
        adj("american", "américain", 3),
        adj("chinese", "chinois", 3, "chinoise"),
        adj("japanese", "japonais", 3, "japonaise"),
        adj("russian", "russe", 3),
        adj("african", "africain", 3),
        adj("british", "britannique", 3),
        adj("swiss", "suisse", 3),
        adj("greek", "grec", 3, "grecque"),
        // rank 4: relational (closest to the noun)
        adj("economic", "économique", 4),
        adj("political", "politique", 4),
        adj("social", "social", 4, "sociale", "sociaux"),
        adj("national", "national", 4, "nationale", "nationaux"),
        adj("international", "international", 4, "internationale", "internationaux"),
        adj("public", "public", 4, "publique"),
        adj("central", "central", 4, "centrale", "centraux"),
        adj("local", "local", 4, "locale", "locaux"),
        adj("industrial", "industriel", 4, "industrielle"),
        adj("agricultural", "agricole", 4),
        adj("financial", "financier", 4, "financière"),
        adj("military", "militaire", 4),
        adj("cultural", "culturel", 4, "culturelle"),
        adj("scientific", "scientifique", 4),
        adj("medical", "médical", 4, "médicale", "médicaux"),
        adj("commercial", "commercial", 4, "commerciale", "commerciaux"),
        adj("electric", "électrique", 4),
        adj("digital", "numérique", 4),
        adj("historical", "historique", 4),
        adj("rural", "rural", 4, "rurale", "ruraux"),
        adj("urban", "urbain", 4),
        adj("annual", "annuel", 4, "annuelle"),
        adj("legal", "juridique", 4),
        adj("regional", "régional", 4, "régionale", "régionaux"),
        adj("natural", "naturel", 4, "naturelle"),
        adj("nuclear", "nucléaire", 4),
        adj("monetary", "monétaire", 4),
    };
    // The few that stay before the noun in French (rank 0: first in English too).
    for (Adjective a : {adj("small", "petit", 0), adj("big", "grand", 0), adj("good", "bon", 0, "bonne"),
                        adj("bad", "mauvais", 0), adj("young", "jeune", 0), adj("pretty", "joli", 0)}) {
      a.before_noun = true;
      adjectives.push_back(a);
    }
    verbs = {
        verb("see", "sees", "voit", "voient", true),
        verb("eat", "eats", "mange", "mangent", true),
        verb("take", "takes", "prend", "prennent", true),
        verb("carry", "carries", "porte", "portent", true),
        verb("find", "finds", "trouve", "trouvent", true),
        verb("follow", "follows", "suit", "suivent", true),
        verb("watch", "watches", "regarde", "regardent", true),
        verb("push", "pushes", "pousse", "poussent", true),
        verb("pull", "pulls", "tire", "tirent", true),
        verb("wash", "washes", "lave", "lavent", true),
        verb("sell", "sells", "vend", "vendent", true),
        verb("build", "builds", "construit", "construisent", true),
        verb("draw", "draws", "dessine", "dessinent", true),
        verb("paint", "paints", "peint", "peignent", true),
        verb("read", "reads", "lit", "lisent", true),
        verb("know", "knows", "connaît", "connaissent", true),
        verb("hide", "hides", "cache", "cachent", true),
        verb("break", "breaks", "casse", "cassent", true),
        verb("repair", "repairs", "répare", "réparent", true),
        verb("visit", "visits", "visite", "visitent", true),
        verb("leave", "leaves", "quitte", "quittent", true),
        verb("protect", "protects", "protège", "protègent", true),
        verb("feed", "feeds", "nourrit", "nourrissent", true),
        verb("keep", "keeps", "garde", "gardent", true),
        verb("touch", "touches", "touche", "touchent", true),
        verb("show", "shows", "montre", "montrent", true),
        verb("choose", "chooses", "choisit", "choisissent", true),
        verb("lose", "loses", "perd", "perdent", true),
        verb("defend", "defends", "défend", "défendent", true),
        verb("steal", "steals", "vole", "volent", true),
        verb("cut", "cuts", "coupe", "coupent", true),
        verb("close", "closes", "ferme", "ferment", true),
        verb("throw", "throws", "lance", "lancent", true),
        verb("hold", "holds", "tient", "tiennent", true),
        verb("want", "wants", "veut", "veulent", true),
        verb("love", "loves", "aime", "aiment", true),
        verb("prepare", "prepares", "prépare", "préparent", true),
        verb("share", "shares", "partage", "partagent", true),
        verb("clean", "cleans", "nettoie", "nettoient", true),
        verb("open", "opens", "ouvre", "ouvrent", true),
        verb("use", "uses", "utilise", "utilisent", true),
        verb("describe", "describes", "décrit", "décrivent", true),
        verb("sleep", "sleeps", "dort", "dorment", false),
        verb("run", "runs", "court", "courent", false),
        verb("walk", "walks", "marche", "marchent", false),
        verb("swim", "swims", "nage", "nagent", false),
        verb("sing", "sings", "chante", "chantent", false),
        verb("dance", "dances", "danse", "dansent", false),
        verb("fall", "falls", "tombe", "tombent", false),
        verb("cry", "cries", "pleure", "pleurent", false),
        verb("laugh", "laughs", "rit", "rient", false),
        verb("come", "comes", "vient", "viennent", false),
        verb("stay", "stays", "reste", "restent", false),
        verb("work", "works", "travaille", "travaillent", false),
        verb("play", "plays", "joue", "jouent", false),
        verb("jump", "jumps", "saute", "sautent", false),
        verb("win", "wins", "gagne", "gagnent", false),
        verb("speak", "speaks", "parle", "parlent", false),
        verb("smile", "smiles", "sourit", "sourient", false),
        verb("dream", "dreams", "rêve", "rêvent", false),
        verb("travel", "travels", "voyage", "voyagent", false),
        verb("live", "lives", "vit", "vivent", false),
        verb("wait", "waits", "attend", "attendent", false),
        verb("arrive", "arrives", "arrive", "arrivent", false),
    };
    preps = {
        {{"in"}, {"dans"}, {{0}}},
        {{"on"}, {"sur"}, {{0}}},
        {{"under"}, {"sous"}, {{0}}},
        {{"behind"}, {"derrière"}, {{0}}},
        {{"with"}, {"avec"}, {{0}}},
        {{"without"}, {"sans"}, {{0}}},
        {{"for"}, {"pour"}, {{0}}},
        {{"after"}, {"après"}, {{0}}},
        {{"before"}, {"avant"}, {{0}}},
        {{"towards"}, {"vers"}, {{0}}},
        {{"from"}, {"de"}, {{0}}},
        {{"near"}, {"près", "de"}, {{0}, {0}}},                  // one word to two
        {{"next", "to"}, {"à", "côté", "de"}, {{0}, {0}, {1}}},  // two words to three
    };
    for (int i = 0; i < static_cast<int>(nouns.size()); ++i)
      if (nouns[i].animate) animate.push_back(i);
    for (int i = 0; i < static_cast<int>(adjectives.size()); ++i)
      (adjectives[i].before_noun ? pre_adjs : post_adjs).push_back(i);
    for (int i = 0; i < static_cast<int>(verbs.size()); ++i)
      (verbs[i].transitive ? transitive : intransitive).push_back(i);
  }
};

namespace {

using Lexicon = EnFrGrammar::Lexicon;

const Lexicon& lexicon() {
  static const Lexicon lex;
  return lex;
}

// Builds both sides at once. Phrases come in the same order in both languages (subject, verb,
// object, prepositional phrase, relative clause); only inside a noun phrase and around the verb
// does the order differ, and those are written English first, then French pointing back at them.
struct Builder {
  std::vector<std::string> en, fr;
  std::vector<std::vector<int>> links;  // for each French word, its English words

  int e(const std::string& w) {
    en.push_back(w);
    return static_cast<int>(en.size()) - 1;
  }
  void f(const std::string& w, std::vector<int> src) {
    fr.push_back(w);
    links.push_back(std::move(src));
  }
};

bool starts_with_vowel(const std::string& w) {
  static const char* vowels[] = {"a", "e", "i", "o", "u", "y", "é", "è", "ê", "à", "â", "î", "ô", "û"};
  for (const char* v : vowels)
    if (w.rfind(v, 0) == 0) return true;
  return false;
}

void elide(std::vector<std::string>& fr) {
  for (size_t i = 0; i + 1 < fr.size(); ++i) {
    if (!starts_with_vowel(fr[i + 1])) continue;
    if (fr[i] == "le" || fr[i] == "la")
      fr[i] = "l'";
    else if (fr[i] == "ne")
      fr[i] = "n'";
    else if (fr[i] == "de")
      fr[i] = "d'";
    else if (fr[i] == "ce")
      fr[i] = "cet";
  }
}

// English "a" -> "an" before a vowel, then French spelling rules applied to the finished token list: elision (le avion
// -> l' avion, ne aime -> n' aime, de un -> d' un, ce arbre -> cet arbre) first, then contraction (de le -> du, de les
// -> des, à le -> au, à les -> aux, de des -> de). A contraction's links are the union of the two words'.
SentencePair finish(Builder& b) {
  for (size_t i = 0; i + 1 < b.en.size(); ++i)
    if (b.en[i] == "a" && std::string("aeio").find(b.en[i + 1][0]) != std::string::npos) b.en[i] = "an";
  std::vector<std::string>& fr = b.fr;
  elide(fr);
  std::vector<std::string> out;
  std::vector<std::vector<int>> links;
  for (size_t i = 0; i < fr.size(); ++i) {
    if (i + 1 < fr.size() && (fr[i] == "de" || fr[i] == "à")) {
      const std::string& next = fr[i + 1];
      std::string merged;
      if (fr[i] == "de" && next == "le")
        merged = "du";
      else if (fr[i] == "de" && next == "les")
        merged = "des";
      else if (fr[i] == "de" && (next == "des" || next == "de"))
        merged = "de";  // près de chiens
      else if (fr[i] == "à" && next == "le")
        merged = "au";
      else if (fr[i] == "à" && next == "les")
        merged = "aux";
      if (!merged.empty()) {
        std::vector<int> l = b.links[i];
        l.insert(l.end(), b.links[i + 1].begin(), b.links[i + 1].end());
        out.push_back(merged);
        links.push_back(l);
        ++i;
        continue;
      }
    }
    out.push_back(fr[i]);
    links.push_back(b.links[i]);
  }
  elide(out);  // de assiettes (from de des assiettes) -> d' assiettes
  SentencePair p;
  p.en = b.en;
  p.fr = out;
  for (size_t t = 0; t < links.size(); ++t)
    for (int s : links[t]) p.alignment.emplace_back(s, static_cast<int>(t));
  std::sort(p.alignment.begin(), p.alignment.end());
  p.alignment.erase(std::unique(p.alignment.begin(), p.alignment.end()), p.alignment.end());
  return p;
}

struct NP {
  std::string det;                     // "the", "a", "this", "two", "three", "every", "" (bare plural)
  const Adjective* pre = nullptr;      // one adjective that stays before the noun in French
  std::vector<const Adjective*> post;  // in English order (ascending rank)
  const Noun* noun = nullptr;
  bool plural = false;
};

std::string agree(const Adjective& a, Gender g, bool plural) {
  if (g == Gender::M) return plural ? a.mp : a.ms;
  return plural ? a.fp : a.fs;
}

// det adj* noun  ->  det [pre] noun post-adjectives in reverse
void emit_np(Builder& b, const NP& np) {
  const Noun& n = *np.noun;
  const bool fem = n.gender == Gender::F;
  int det_en = -1;
  std::string en_det = np.det;
  if (np.det == "this" && np.plural) en_det = "these";
  if (!en_det.empty()) det_en = b.e(en_det);
  const int pre_en = np.pre ? b.e(np.pre->en) : -1;
  std::vector<int> post_en;
  for (const Adjective* a : np.post) post_en.push_back(b.e(a->en));
  const int noun_en = b.e(np.plural ? n.en_pl : n.en);

  std::string fr_det;
  if (np.det == "the")
    fr_det = np.plural ? "les" : (fem ? "la" : "le");
  else if (np.det == "a")
    fr_det = fem ? "une" : "un";
  else if (np.det == "this")
    fr_det = np.plural ? "ces" : (fem ? "cette" : "ce");
  else if (np.det == "two")
    fr_det = "deux";
  else if (np.det == "three")
    fr_det = "trois";
  else if (np.det == "every")
    fr_det = "chaque";
  else if (np.det.empty())
    fr_det = np.pre ? "de" : "des";  // des voitures, de petites voitures
  else
    throw std::invalid_argument("unknown determiner \"" + np.det + "\"");
  b.f(fr_det, {det_en >= 0 ? det_en : noun_en});  // a bare plural's "des" comes from the noun
  if (np.pre) b.f(agree(*np.pre, n.gender, np.plural), {pre_en});
  b.f(np.plural ? n.fr_pl : n.fr, {noun_en});
  for (int k = static_cast<int>(np.post.size()) - 1; k >= 0; --k)
    b.f(agree(*np.post[static_cast<size_t>(k)], n.gender, np.plural), {post_en[static_cast<size_t>(k)]});
}

// [does not] verb: English auxiliary "does"/"do" has no French word of its own; "not" -> "ne ... pas".
void emit_verb(Builder& b, const Verb& v, bool plural, bool negated) {
  if (!negated) {
    const int ve = b.e(plural ? v.en : v.en_3sg);
    b.f(plural ? v.fr_3pl : v.fr_3sg, {ve});
    return;
  }
  b.e(plural ? "do" : "does");
  const int not_en = b.e("not");
  const int ve = b.e(v.en);
  b.f("ne", {not_en});
  b.f(plural ? v.fr_3pl : v.fr_3sg, {ve});
  b.f("pas", {not_en});
}

// is [not] adjective -> est [ne ... pas] adjective, agreeing with the subject
void emit_copula(Builder& b, const Adjective& a, Gender g, bool plural, bool negated) {
  const int is_en = b.e(plural ? "are" : "is");
  const int not_en = negated ? b.e("not") : -1;
  const int adj_en = b.e(a.en);
  if (negated) b.f("ne", {not_en});
  b.f(plural ? "sont" : "est", {is_en});
  if (negated) b.f("pas", {not_en});
  b.f(agree(a, g, plural), {adj_en});
}

void emit_prep(Builder& b, const Preposition& p) {
  std::vector<int> en_idx;
  for (const std::string& w : p.en) en_idx.push_back(b.e(w));
  for (size_t k = 0; k < p.fr.size(); ++k) {
    std::vector<int> src;
    for (int l : p.links[k]) src.push_back(en_idx[static_cast<size_t>(l)]);
    b.f(p.fr[k], src);
  }
}

// The random part: sizes are drawn so that most sentences are short and a few are long.
class Sampler {
 public:
  Sampler(const Lexicon& lex, uint64_t seed) : lex_(lex), rng_(seed) {}

  SentencePair sentence() {
    Builder b;
    const double r = rng_.uniform();
    const int clauses = r < 0.55 ? 1 : r < 0.85 ? 2 : 3;
    for (int c = 0; c < clauses; ++c) {
      if (c > 0) {
        if (rng_.uniform() < 0.4) {
          const int comma = b.e(",");
          b.f(",", {comma});
          const int but = b.e("but");
          b.f("mais", {but});
        } else {
          const int and_en = b.e("and");
          b.f("et", {and_en});
        }
      }
      clause(b, 0);
    }
    const int stop = b.e(".");
    b.f(".", {stop});
    return finish(b);
  }

 private:
  bool chance(double p) { return rng_.uniform() < p; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[rng_.below(v.size())];
  }
  int pick_index(const std::vector<int>& v) { return v[rng_.below(v.size())]; }

  NP random_np(bool subject) {
    NP np;
    np.noun = &lex_.nouns[static_cast<size_t>(subject ? pick_index(lex_.animate)
                                                      : static_cast<int>(rng_.below(lex_.nouns.size())))];
    const double d = rng_.uniform();
    if (d < 0.45)
      np.det = "the";
    else if (d < 0.62)
      np.det = "a";
    else if (d < 0.72)
      np.det = "";
    else if (d < 0.84)
      np.det = "this";
    else if (d < 0.90)
      np.det = "two";
    else if (d < 0.95)
      np.det = "three";
    else
      np.det = "every";
    np.plural =
        np.det == "" || np.det == "two" || np.det == "three" || ((np.det == "the" || np.det == "this") && chance(0.35));
    if (chance(0.15)) np.pre = &lex_.adjectives[static_cast<size_t>(pick_index(lex_.pre_adjs))];
    const double a = rng_.uniform();
    const int n_post = a < 0.5 ? 0 : a < 0.8 ? 1 : a < 0.95 ? 2 : 3;
    std::set<int> ranks;
    for (int k = 0; k < n_post; ++k) {
      const Adjective* adj = &lex_.adjectives[static_cast<size_t>(pick_index(lex_.post_adjs))];
      if (ranks.insert(adj->rank).second) np.post.push_back(adj);
    }
    std::stable_sort(np.post.begin(), np.post.end(),
                     [](const Adjective* x, const Adjective* y) { return x->rank < y->rank; });
    return np;
  }

  // NP [of NP] [that VP]
  void full_np(Builder& b, const NP& np, int depth) {
    emit_np(b, np);
    if (depth < 2 && chance(0.12)) {
      const int of = b.e("of");
      b.f("de", {of});
      full_np(b, random_np(false), depth + 1);
    } else if (depth < 2 && np.noun->animate && chance(0.12)) {
      const int that = b.e("that");
      b.f("qui", {that});
      verb_phrase(b, np, depth + 1);
    }
  }

  void verb_phrase(Builder& b, const NP& subject, int depth) {
    const bool negated = chance(0.2);
    const double k = rng_.uniform();
    if (k < 0.5) {
      emit_verb(b, lex_.verbs[static_cast<size_t>(pick_index(lex_.transitive))], subject.plural, negated);
      full_np(b, random_np(false), depth);
    } else if (k < 0.8) {
      emit_verb(b, lex_.verbs[static_cast<size_t>(pick_index(lex_.intransitive))], subject.plural, negated);
    } else {
      emit_copula(b, lex_.adjectives[static_cast<size_t>(pick_index(lex_.post_adjs))], subject.noun->gender,
                  subject.plural, negated);
      return;
    }
    if (depth < 2 && chance(0.35)) {
      emit_prep(b, pick(lex_.preps));
      full_np(b, random_np(false), depth + 1);
    }
  }

  void clause(Builder& b, int depth) {
    const NP subject = random_np(true);
    full_np(b, subject, depth);
    verb_phrase(b, subject, depth);
  }

  const Lexicon& lex_;
  Rng rng_;
};

template <class T>
const T& find_word(const std::vector<T>& items, const std::string& en, const char* what) {
  for (const T& it : items)
    if (it.en == en) return it;
  throw std::invalid_argument(std::string("the grammar has no ") + what + " \"" + en + "\"");
}

NP resolve(const Lexicon& lex, const NounPhraseSpec& spec) {
  NP np;
  np.det = spec.det;
  np.plural = spec.plural;
  np.noun = &find_word(lex.nouns, spec.noun, "noun");
  for (const std::string& w : spec.adjectives) {
    const Adjective& a = find_word(lex.adjectives, w, "adjective");
    if (a.before_noun)
      np.pre = &a;
    else
      np.post.push_back(&a);
  }
  return np;
}

void collect(std::set<std::string>& en, std::set<std::string>& fr, const Lexicon& lex) {
  for (const Noun& n : lex.nouns) {
    en.insert({n.en, n.en_pl});
    fr.insert({n.fr, n.fr_pl});
  }
  for (const Adjective& a : lex.adjectives) {
    en.insert(a.en);
    fr.insert({a.ms, a.fs, a.mp, a.fp});
  }
  for (const Verb& v : lex.verbs) {
    en.insert({v.en, v.en_3sg});
    fr.insert({v.fr_3sg, v.fr_3pl});
  }
  for (const Preposition& p : lex.preps) {
    en.insert(p.en.begin(), p.en.end());
    fr.insert(p.fr.begin(), p.fr.end());
  }
  en.insert({"the", "a", "an", "this", "these", "two", "three", "every", "of", "that", "does", "do", "not", "is", "are",
             "and", "but", ",", "."});
  fr.insert({"le", "la",  "les", "l'",  "un",    "une", "des",  "de",    "d'",     "du",
             "au", "aux", "ce",  "cet", "cette", "ces", "deux", "trois", "chaque", "qui",
             "ne", "n'",  "pas", "est", "sont",  "et",  "mais", ",",     "."});
}

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (size_t i = 0; i < words.size(); ++i) s += (i ? " " : "") + words[i];
  return s;
}

std::vector<std::string> split_spaces(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

}  // namespace

EnFrGrammar::EnFrGrammar() : lex_(&lexicon()) {}

SentencePair EnFrGrammar::sample(uint64_t seed) const { return Sampler(*lex_, seed).sentence(); }

SentencePair EnFrGrammar::noun_phrase(const NounPhraseSpec& spec) const {
  Builder b;
  emit_np(b, resolve(*lex_, spec));
  return finish(b);
}

SentencePair EnFrGrammar::sentence(const NounPhraseSpec& subject, const std::string& verb_en, bool negated,
                                   const NounPhraseSpec* object) const {
  const Verb& v = find_word(lex_->verbs, verb_en, "verb");
  if (v.transitive != (object != nullptr))
    throw std::invalid_argument("verb \"" + verb_en + (v.transitive ? "\" needs an object" : "\" takes no object"));
  Builder b;
  emit_np(b, resolve(*lex_, subject));
  emit_verb(b, v, subject.plural, negated);
  if (object) emit_np(b, resolve(*lex_, *object));
  const int stop = b.e(".");
  b.f(".", {stop});
  return finish(b);
}

std::vector<std::string> EnFrGrammar::english_words() const {
  std::set<std::string> en, fr;
  collect(en, fr, *lex_);
  return {en.begin(), en.end()};
}

std::vector<std::string> EnFrGrammar::french_words() const {
  std::set<std::string> en, fr;
  collect(en, fr, *lex_);
  return {fr.begin(), fr.end()};
}

Corpus generate_corpus(const CorpusOptions& o) {
  const EnFrGrammar grammar;
  return generate_corpus(o, [&grammar](uint64_t seed) { return grammar.sample(seed); });
}

Corpus generate_corpus(const CorpusOptions& o, const std::function<SentencePair(uint64_t)>& sample) {
  if (o.n_train < 0 || o.n_valid < 0 || o.n_test < 0) throw std::invalid_argument("split sizes must be >= 0");
  const size_t wanted = static_cast<size_t>(o.n_train) + o.n_valid + o.n_test;
  std::vector<SentencePair> pairs;
  std::unordered_set<std::string> seen;
  Rng seeds(o.seed);
  const size_t max_draws = wanted * 20 + 1000;
  for (size_t draw = 0; pairs.size() < wanted; ++draw) {
    if (draw >= max_draws)
      throw std::runtime_error("the grammar gave only " + std::to_string(pairs.size()) + " distinct sentences in " +
                               std::to_string(draw) + " draws; asked for " + std::to_string(wanted));
    SentencePair p = sample(seeds.next_u64());
    if (static_cast<int>(p.en.size()) > o.max_len) continue;
    if (!seen.insert(join(p.en)).second) continue;
    pairs.push_back(std::move(p));
  }
  Corpus c;
  const auto a = pairs.begin(), b = a + o.n_train, d = b + o.n_valid;
  c.train.assign(a, b);
  c.valid.assign(b, d);
  c.test.assign(d, pairs.end());
  return c;
}

std::string alignment_to_string(const std::vector<std::pair<int, int>>& alignment) {
  std::string s;
  for (size_t i = 0; i < alignment.size(); ++i)
    s += (i ? " " : "") + std::to_string(alignment[i].first) + "-" + std::to_string(alignment[i].second);
  return s;
}

std::vector<std::pair<int, int>> parse_alignment(const std::string& text) {
  std::vector<std::pair<int, int>> out;
  for (const std::string& item : split_spaces(text)) {
    const size_t dash = item.find('-');
    try {
      if (dash == std::string::npos) throw std::invalid_argument(item);
      size_t used_a = 0, used_b = 0;
      const int s = std::stoi(item.substr(0, dash), &used_a);
      const int t = std::stoi(item.substr(dash + 1), &used_b);
      if (used_a != dash || used_b != item.size() - dash - 1 || s < 0 || t < 0) throw std::invalid_argument(item);
      out.emplace_back(s, t);
    } catch (const std::exception&) {
      throw std::invalid_argument("alignment pair \"" + item + "\" is not of the form SRC-TGT");
    }
  }
  return out;
}

std::string pairs_to_tsv(const std::vector<SentencePair>& pairs) {
  std::string s;
  for (const SentencePair& p : pairs)
    s += join(p.en) + "\t" + join(p.fr) + "\t" + alignment_to_string(p.alignment) + "\n";
  return s;
}

std::vector<SentencePair> read_tsv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<SentencePair> out;
  std::string line;
  for (int line_no = 1; std::getline(in, line); ++line_no) {
    if (line.empty()) continue;
    const size_t t1 = line.find('\t'), t2 = t1 == std::string::npos ? t1 : line.find('\t', t1 + 1);
    if (t2 == std::string::npos)
      throw std::runtime_error(path + ":" + std::to_string(line_no) + ": expected english TAB french TAB alignment");
    SentencePair p;
    p.en = split_spaces(line.substr(0, t1));
    p.fr = split_spaces(line.substr(t1 + 1, t2 - t1 - 1));
    try {
      p.alignment = parse_alignment(line.substr(t2 + 1));
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(path + ":" + std::to_string(line_no) + ": " + e.what());
    }
    for (const auto& [s, t] : p.alignment)
      if (s >= static_cast<int>(p.en.size()) || t >= static_cast<int>(p.fr.size()))
        throw std::runtime_error(path + ":" + std::to_string(line_no) + ": alignment " + std::to_string(s) + "-" +
                                 std::to_string(t) + " points outside the sentence");
    out.push_back(std::move(p));
  }
  return out;
}

std::string vocab_json(const Corpus& corpus) {
  std::set<std::string> en, fr;
  for (const SentencePair& p : corpus.train) {
    en.insert(p.en.begin(), p.en.end());
    fr.insert(p.fr.begin(), p.fr.end());
  }
  std::vector<std::string> source = {"<unk>"}, target = {"<bos>", "<eos>", "<unk>"};
  source.insert(source.end(), en.begin(), en.end());
  target.insert(target.end(), fr.begin(), fr.end());
  return nlohmann::json({{"source", source}, {"target", target}}).dump(1) + "\n";
}

void write_corpus(const std::string& dir, const Corpus& corpus) {
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) {
    const std::string path = (std::filesystem::path(dir) / name).string();
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot write " + path);
    out << text;
    if (!out) throw std::runtime_error("error writing " + path);
  };
  write("train.tsv", pairs_to_tsv(corpus.train));
  write("valid.tsv", pairs_to_tsv(corpus.valid));
  write("test.tsv", pairs_to_tsv(corpus.test));
  write("vocab.json", vocab_json(corpus));
}

}  // namespace attnlab
