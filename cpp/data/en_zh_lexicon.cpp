#include "data/en_zh_lexicon.h"

namespace attnlab::en_zh {

namespace {

enum Kind { THING = 0, PERSON = 1, ANIMAL = 2, ON = 3, IN = 4 };

Noun noun(const char* en, const char* zh, const char* measure, Kind kind = THING, const char* en_pl = nullptr) {
  Noun n;
  n.en = en;
  n.en_pl = en_pl ? en_pl : std::string(en) + "s";
  n.zh = zh;
  n.measure = measure;
  n.person = kind == PERSON;
  n.animal = kind == ANIMAL;
  n.on = kind == ON;
  n.in = kind == IN;
  return n;
}

// Third person singular and past given in full where English is irregular.
Verb verb(const char* en, const char* zh, const char* en_3sg, const char* en_past, bool transitive, bool ba = false,
          const char* particle = "") {
  return {en, en_3sg, en_past, zh, particle, transitive, ba};
}

}  // namespace

const Lexicon& lexicon() {
  static const Lexicon lex = [] {
    Lexicon x;
    // Each Chinese word stands for one English word (or one phrase) only, so that Chinese -> English
    // is as determined as English -> Chinese. No noun takes 把 as its measure word (椅子, 钥匙): 把
    // is the 把 construction's own word here.
    x.nouns = {
        noun("man", "男人", "个", PERSON, "men"),
        noun("woman", "女人", "个", PERSON, "women"),
        noun("boy", "男孩", "个", PERSON),
        noun("girl", "女孩", "个", PERSON),
        noun("child", "孩子", "个", PERSON, "children"),
        noun("baby", "婴儿", "个", PERSON, "babies"),
        noun("teacher", "老师", "位", PERSON),
        noun("student", "学生", "个", PERSON),
        noun("doctor", "医生", "位", PERSON),
        noun("farmer", "农民", "个", PERSON),
        noun("worker", "工人", "个", PERSON),
        noun("driver", "司机", "个", PERSON),
        noun("chef", "厨师", "个", PERSON),
        noun("friend", "朋友", "个", PERSON),
        noun("neighbour", "邻居", "个", PERSON),
        noun("policeman", "警察", "个", PERSON, "policemen"),
        noun("nurse", "护士", "个", PERSON),
        noun("writer", "作家", "位", PERSON),
        noun("singer", "歌手", "个", PERSON),
        noun("soldier", "士兵", "个", PERSON),
        noun("king", "国王", "位", PERSON),
        noun("actor", "演员", "个", PERSON),
        noun("lawyer", "律师", "位", PERSON),
        noun("boss", "老板", "个", PERSON, "bosses"),
        noun("thief", "小偷", "个", PERSON, "thieves"),
        noun("waiter", "服务员", "个", PERSON),
        noun("scientist", "科学家", "位", PERSON),
        noun("artist", "艺术家", "位", PERSON),
        noun("engineer", "工程师", "个", PERSON),
        noun("pilot", "飞行员", "个", PERSON),
        noun("dog", "狗", "只", ANIMAL),
        noun("cat", "猫", "只", ANIMAL),
        noun("bird", "鸟", "只", ANIMAL),
        noun("horse", "马", "匹", ANIMAL),
        noun("cow", "牛", "头", ANIMAL),
        noun("pig", "猪", "头", ANIMAL),
        noun("fish", "鱼", "条", ANIMAL, "fish"),
        noun("snake", "蛇", "条", ANIMAL),
        noun("rabbit", "兔子", "只", ANIMAL),
        noun("duck", "鸭子", "只", ANIMAL),
        noun("tiger", "老虎", "只", ANIMAL),
        noun("monkey", "猴子", "只", ANIMAL),
        noun("elephant", "大象", "头", ANIMAL),
        noun("mouse", "老鼠", "只", ANIMAL, "mice"),
        noun("chicken", "鸡", "只", ANIMAL),
        noun("sheep", "羊", "只", ANIMAL, "sheep"),
        noun("bear", "熊", "只", ANIMAL),
        noun("wolf", "狼", "只", ANIMAL, "wolves"),
        noun("lion", "狮子", "只", ANIMAL),
        noun("panda", "熊猫", "只", ANIMAL),
        noun("fox", "狐狸", "只", ANIMAL, "foxes"),
        noun("book", "书", "本"),
        noun("car", "车", "辆", IN),
        noun("bicycle", "自行车", "辆"),
        noun("bus", "公共汽车", "辆", THING, "buses"),
        noun("truck", "卡车", "辆"),
        noun("boat", "船", "条"),
        noun("table", "桌子", "张", ON),
        noun("desk", "书桌", "张", ON),
        noun("bed", "床", "张", ON),
        noun("map", "地图", "张"),
        noun("ticket", "票", "张"),
        noun("photo", "照片", "张"),
        noun("letter", "信", "封"),
        noun("newspaper", "报纸", "份"),
        noun("gift", "礼物", "份"),
        noun("cup", "杯子", "个"),
        noun("bowl", "碗", "个"),
        noun("apple", "苹果", "个"),
        noun("orange", "橙子", "个"),
        noun("egg", "鸡蛋", "个"),
        noun("bag", "包", "个", IN),
        noun("box", "盒子", "个", IN, "boxes"),
        noun("clock", "钟", "个"),
        noun("ball", "球", "个"),
        noun("toy", "玩具", "个"),
        noun("computer", "电脑", "台"),
        noun("phone", "手机", "部"),
        noun("movie", "电影", "部"),
        noun("pen", "笔", "支"),
        noun("pencil", "铅笔", "支"),
        noun("song", "歌", "首"),
        noun("poem", "诗", "首"),
        noun("tree", "树", "棵"),
        noun("flower", "花", "朵"),
        noun("shirt", "衬衫", "件"),
        noun("coat", "外套", "件"),
        noun("dress", "裙子", "条", THING, "dresses"),
        noun("hat", "帽子", "顶"),
        noun("shoe", "鞋", "只"),
        noun("river", "河", "条"),
        noun("road", "路", "条"),
        noun("bridge", "桥", "座"),
        noun("mountain", "山", "座"),
        noun("building", "大楼", "栋"),
        noun("house", "房子", "座"),
        noun("cake", "蛋糕", "块"),
        noun("watch", "手表", "块", THING, "watches"),
        noun("stone", "石头", "块"),
        noun("door", "门", "扇"),
        noun("window", "窗户", "扇"),
        noun("painting", "油画", "幅"),
        noun("room", "房间", "个", IN),
        noun("drawer", "抽屉", "个", IN),
        noun("shelf", "架子", "个", ON, "shelves"),
        noun("school", "学校", "所"),
        noun("hospital", "医院", "家"),
        noun("restaurant", "饭馆", "家"),
        noun("shop", "商店", "家"),
        noun("bank", "银行", "家"),
        noun("company", "公司", "家", THING, "companies"),
        noun("library", "图书馆", "个", THING, "libraries"),
        noun("station", "车站", "个"),
        noun("city", "城市", "个", THING, "cities"),
        noun("village", "村子", "个"),
        noun("lake", "湖", "个"),
        noun("island", "岛", "个"),
        noun("park", "公园", "个"),
        noun("garden", "花园", "个"),
        noun("kitchen", "厨房", "个"),
        noun("market", "市场", "个"),
        noun("office", "办公室", "个"),
        noun("forest", "森林", "片"),
        noun("zoo", "动物园", "个"),
    };
    x.mass = {{"rice", "饭"},     {"tea", "茶"},       {"water", "水"},  {"milk", "牛奶"},
              {"coffee", "咖啡"}, {"noodles", "面条"}, {"meat", "肉"},   {"fruit", "水果"},
              {"soup", "汤"},     {"juice", "果汁"},   {"beer", "啤酒"}, {"bread", "面包"}};
    x.adjectives = {
        {"big", "大", false},          {"small", "小", false},      {"new", "新", false},
        {"old", "旧", false},          {"red", "红", false},        {"black", "黑", false},
        {"white", "白", false},        {"green", "绿", false},      {"blue", "蓝", false},
        {"yellow", "黄", false},       {"good", "好", false},       {"bad", "坏", false},
        {"long", "长", false},         {"beautiful", "漂亮", true}, {"clever", "聪明", true},
        {"happy", "高兴", true},       {"sad", "难过", true},       {"tired", "累", true},
        {"hungry", "饿", true},        {"busy", "忙", true},        {"famous", "有名", true},
        {"expensive", "贵", true},     {"cheap", "便宜", true},     {"clean", "干净", true},
        {"dirty", "脏", true},         {"heavy", "重", true},       {"quiet", "安静", true},
        {"noisy", "吵闹", true},       {"young", "年轻", true},     {"strong", "强壮", true},
        {"lazy", "懒惰", true},        {"kind", "善良", true},      {"angry", "生气", true},
        {"interesting", "有趣", true}, {"important", "重要", true}, {"dangerous", "危险", true},
        {"strange", "奇怪", true},     {"friendly", "友好", true},  {"brave", "勇敢", true},
        {"cold", "冷", true},          {"hot", "热", true},         {"fast", "快", true},
        {"slow", "慢", true},
    };
    x.pronouns = {{"i", "me", "my", "我", false},     {"you", "you", "your", "你", false},
                  {"he", "him", "his", "他", true},   {"she", "her", "her", "她", true},
                  {"we", "us", "our", "我们", false}, {"they", "them", "their", "他们", false}};
    x.verbs = {
        verb("see", "看见", "sees", "saw", true),
        verb("watch", "看", "watches", "watched", true),
        verb("eat", "吃", "eats", "ate", true, true),
        verb("drink", "喝", "drinks", "drank", true, true),
        verb("buy", "买", "buys", "bought", true),
        verb("sell", "卖", "sells", "sold", true, true),
        verb("read", "读", "reads", "read", true),
        verb("write", "写", "writes", "wrote", true),
        verb("like", "喜欢", "likes", "liked", true),
        verb("want", "要", "wants", "wanted", true),
        verb("love", "爱", "loves", "loved", true),
        verb("find", "找到", "finds", "found", true),
        verb("lose", "丢", "loses", "lost", true, true),
        verb("break", "打破", "breaks", "broke", true, true),
        verb("wash", "洗", "washes", "washed", true, true),
        verb("clean", "打扫", "cleans", "cleaned", true, true),
        verb("open", "打开", "opens", "opened", true, true),
        verb("close", "关上", "closes", "closed", true, true),
        verb("take", "拿走", "takes", "took", true, true),
        verb("bring", "带来", "brings", "brought", true, true),
        verb("draw", "画", "draws", "drew", true),
        verb("visit", "访问", "visits", "visited", true),
        verb("know", "认识", "knows", "knew", true),
        verb("help", "帮助", "helps", "helped", true),
        verb("call", "叫", "calls", "called", true),
        verb("follow", "跟着", "follows", "followed", true),
        verb("teach", "教", "teaches", "taught", true),
        verb("build", "建", "builds", "built", true),
        verb("repair", "修", "repairs", "repaired", true, true),
        verb("hide", "藏", "hides", "hid", true, true),
        verb("cook", "做", "cooks", "cooked", true),
        verb("catch", "抓住", "catches", "caught", true, true),
        verb("feed", "喂", "feeds", "fed", true),
        verb("meet", "见", "meets", "met", true),
        verb("push", "推", "pushes", "pushed", true),
        verb("pull", "拉", "pulls", "pulled", true),
        // two English words, one Chinese word
        verb("look", "找", "looks", "looked", true, false, "for"),
        verb("wait", "等", "waits", "waited", true, false, "for"),
        verb("listen", "听", "listens", "listened", true, false, "to"),
        verb("think", "想", "thinks", "thought", true, false, "about"),
        verb("take", "照顾", "takes", "took", true, false, "care of"),
        verb("put", "放", "puts", "put", true),
        verb("sleep", "睡觉", "sleeps", "slept", false),
        verb("run", "跑步", "runs", "ran", false),
        verb("swim", "游泳", "swims", "swam", false),
        verb("work", "工作", "works", "worked", false),
        verb("sing", "唱歌", "sings", "sang", false),
        verb("dance", "跳舞", "dances", "danced", false),
        verb("cry", "哭", "cries", "cried", false),
        verb("laugh", "笑", "laughs", "laughed", false),
        verb("walk", "散步", "walks", "walked", false),
        verb("study", "学习", "studies", "studied", false),
        verb("rest", "休息", "rests", "rested", false),
        verb("play", "玩", "plays", "played", false),
        verb("travel", "旅行", "travels", "travelled", false),
    };
    x.places = {{"at", false, "home", "家"},        {"at", false, "school", "学校"},  {"in", true, "park", "公园"},
                {"in", true, "garden", "花园"},     {"in", true, "kitchen", "厨房"},  {"in", true, "library", "图书馆"},
                {"at", true, "station", "车站"},    {"in", true, "city", "城市"},     {"at", true, "market", "市场"},
                {"in", true, "restaurant", "饭馆"}, {"at", true, "hospital", "医院"}, {"in", true, "office", "办公室"},
                {"in", true, "village", "村子"},    {"at", true, "bank", "银行"},     {"in", true, "forest", "森林"},
                {"at", true, "zoo", "动物园"},      {"in", true, "shop", "商店"}};
    x.times = {
        {{"every", "day"}, {"每天"}, {{0, 1}}, 0},
        {{"at", "noon"}, {"中午"}, {{0, 1}}, 0},
        {{"in", "the", "morning"}, {"早上"}, {{0, 1, 2}}, 0},
        {{"in", "the", "evening"}, {"晚上"}, {{0, 1, 2}}, 0},
        {{"at", "night"}, {"夜里"}, {{0, 1}}, 0},
        {{"on", "sundays"}, {"星期天"}, {{0, 1}}, 0},
        {{"every", "week"}, {"每", "周"}, {{0}, {1}}, 0},
        {{"yesterday"}, {"昨天"}, {{0}}, 1},
        {{"last", "week"}, {"上", "周"}, {{0}, {1}}, 1},
        {{"last", "year"}, {"去年"}, {{0, 1}}, 1},
        {{"last", "night"}, {"昨晚"}, {{0, 1}}, 1},
        {{"this", "morning"}, {"今天", "早上"}, {{0}, {1}}, 1},
        {{"two", "days", "ago"}, {"两", "天", "前"}, {{0}, {1}, {2}}, 1},
        {{"tomorrow"}, {"明天"}, {{0}}, 2},
        {{"next", "week"}, {"下", "周"}, {{0}, {1}}, 2},
        {{"next", "year"}, {"明年"}, {{0, 1}}, 2},
        {{"soon"}, {"很快"}, {{0}}, 2},
    };
    for (int i = 0; i < static_cast<int>(x.nouns.size()); ++i) {
      const Noun& n = x.nouns[static_cast<size_t>(i)];
      if (n.person || n.animal) x.subjects.push_back(i);
      if (n.person) x.heads_who.push_back(i);
      if (n.on || n.in) x.put_targets.push_back(i);
    }
    for (int i = 0; i < static_cast<int>(x.verbs.size()); ++i) {
      const Verb& v = x.verbs[static_cast<size_t>(i)];
      if (v.en == "put") {
        x.put = i;
        continue;
      }
      (v.transitive ? x.transitive : x.intransitive).push_back(i);
      if (v.ba) x.ba_verbs.push_back(i);
      if (v.en == "eat" || v.en == "drink" || v.en == "buy" || v.en == "cook" || v.en == "like" || v.en == "want")
        x.food_verbs.push_back(i);
    }
    return x;
  }();
  return lex;
}

}  // namespace attnlab::en_zh
