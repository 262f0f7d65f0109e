//! The language of a document's prose, for `--lang auto`: Chinese when most
//! of it is Chinese, in simplified or traditional characters by which of
//! the two its characters are, English otherwise.
//!
//! "Most" weighs Chinese words against Latin ones, as a reader would, a
//! Chinese word taken as two characters (most are one or two; the
//! fixtures and probe articles in Chinese have three characters or more
//! per Latin word, the English ones fewer than one, and a bilingual one
//! half and half is 1.6): an article in this genre written in Chinese is full of product
//! names and units ("8 张 H100 的 80 GB 显存"), and an English one may
//! quote a Chinese term or two. Units and model names are no language's
//! words, so a Latin word counts only with two letters or more, one of
//! them lowercase: "the", "memory" and "GPUs" count, "GB", "TB/s",
//! "H100", "SXM" and "TDP" do not. Japanese (kana beside the characters) is
//! not Chinese. The script is a vote of the characters that differ between
//! the two ([`SIMPLIFIED`] and [`TRADITIONAL`]); a tie, or no such
//! character, is simplified.
//!
//! Only prose counts: the caller passes the prose sentences, so code
//! blocks and link targets never tip the balance.

use std::sync::OnceLock;

use super::Lang;

/// Characters written one way in simplified Chinese and another in
/// traditional, in pairs: the `i`th of [`SIMPLIFIED`] is the `i`th of
/// [`TRADITIONAL`]. Only pairs whose simplified form is no character of
/// ordinary traditional text (not 后, 台, 里, 干, 面, 只, 系, 种), so each
/// character found votes for one script.
const SIMPLIFIED: &str = concat!(
    "这个们为说时会国来对发经过还进动电长开关实现问题机显数据计训练费万亿总条组络网处",
    "务资产业单钱币两张颗块节点带宽传输读写储应该与从样让给没无级约达运营购买卖亚马门",
    "车东见页风飞华标报测试验认识语请调设备层图场态际压热却转换扩规则间阶构积线连续细",
    "导领头额项预频类视觉观众优势变员团园库异归录恶愿战护拥择挥损断旧权杂极树桥检楼欢",
    "毕气决况减满灵灯烧爱状独环画疗监盘码础确离称稳笔签简纪纯纳终结统继绩维综编缓缩职",
    "联脑虚补装览触订记论证评词译话询详误课谈负质贵赛践轮软载较边远选递铁链销锁错镜闭",
    "闻队随难顶顺饭驱龄义乐习书亲仅伤侧养军农劳协卫厅历县双响围圆坏声夺学宁宝将尽岁师",
    "帮广废弹当忆惊惯扫担拟挤摄敌暂术杀档欧汉沟泽洁济浓涨润渐湾滤灭灾炉烟牵犹矿砖碍礼",
    "穷竞筑粮紧纸织绍绕罗聪胜脚脱艺苏荣药获虑虽袭讲许议讯访诉谁谢贝财责败货贴贸赏赔赚",
    "赞趋跃轨轻辅辆迁违迟适逻遗邮释针钟钢铜银锅键闪闲阅阳阴阵陆陈险隐顾顿颜饮馆驶鱼鸟",
    "鸡麦龙盖",
);

const TRADITIONAL: &str = concat!(
    "這個們為說時會國來對發經過還進動電長開關實現問題機顯數據計訓練費萬億總條組絡網處",
    "務資產業單錢幣兩張顆塊節點帶寬傳輸讀寫儲應該與從樣讓給沒無級約達運營購買賣亞馬門",
    "車東見頁風飛華標報測試驗認識語請調設備層圖場態際壓熱卻轉換擴規則間階構積線連續細",
    "導領頭額項預頻類視覺觀眾優勢變員團園庫異歸錄惡願戰護擁擇揮損斷舊權雜極樹橋檢樓歡",
    "畢氣決況減滿靈燈燒愛狀獨環畫療監盤碼礎確離稱穩筆簽簡紀純納終結統繼績維綜編緩縮職",
    "聯腦虛補裝覽觸訂記論證評詞譯話詢詳誤課談負質貴賽踐輪軟載較邊遠選遞鐵鏈銷鎖錯鏡閉",
    "聞隊隨難頂順飯驅齡義樂習書親僅傷側養軍農勞協衛廳歷縣雙響圍圓壞聲奪學寧寶將盡歲師",
    "幫廣廢彈當憶驚慣掃擔擬擠攝敵暫術殺檔歐漢溝澤潔濟濃漲潤漸灣濾滅災爐煙牽猶礦磚礙禮",
    "窮競築糧緊紙織紹繞羅聰勝腳脫藝蘇榮藥獲慮雖襲講許議訊訪訴誰謝貝財責敗貨貼貿賞賠賺",
    "贊趨躍軌輕輔輛遷違遲適邏遺郵釋針鐘鋼銅銀鍋鍵閃閒閱陽陰陣陸陳險隱顧頓顏飲館駛魚鳥",
    "雞麥龍蓋",
);

/// Which script a character votes for, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Simplified,
    Traditional,
}

fn script(c: char) -> Option<Script> {
    static TABLE: OnceLock<Vec<(char, Script)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table: Vec<(char, Script)> = SIMPLIFIED
            .chars()
            .map(|c| (c, Script::Simplified))
            .chain(TRADITIONAL.chars().map(|c| (c, Script::Traditional)))
            .collect();
        table.sort_unstable_by_key(|(c, _)| *c);
        table
    });
    table
        .binary_search_by_key(&c, |(c, _)| *c)
        .ok()
        .map(|i| table[i].1)
}

/// A CJK ideograph (the unified blocks and their extensions, and the
/// compatibility ideographs).
fn han(c: char) -> bool {
    matches!(c,
        '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{20000}'..='\u{3134F}')
}

fn kana(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{309F}' | '\u{30A0}'..='\u{30FF}')
}

/// What the prose is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub han: usize,
    pub kana: usize,
    /// Runs of Latin letters that read as words: two or more, one of them
    /// lowercase.
    pub latin_words: usize,
    pub simplified: usize,
    pub traditional: usize,
}

impl Tally {
    /// Counts a piece of prose.
    pub fn add(&mut self, text: &str) {
        // The current run of Latin letters: its length, and whether one
        // is lowercase.
        let (mut letters, mut lower) = (0, false);
        for c in text.chars().chain([' ']) {
            if c.is_ascii_alphabetic() {
                letters += 1;
                lower |= c.is_ascii_lowercase();
                continue;
            }
            if letters >= 2 && lower {
                self.latin_words += 1;
            }
            (letters, lower) = (0, false);
            if han(c) {
                self.han += 1;
                match script(c) {
                    Some(Script::Simplified) => self.simplified += 1,
                    Some(Script::Traditional) => self.traditional += 1,
                    None => {}
                }
            } else if kana(c) {
                self.kana += 1;
            }
        }
    }

    /// The language the counts say.
    pub fn lang(&self) -> Lang {
        let chinese = self.han > 0 && self.han >= 2 * self.latin_words && self.kana * 4 < self.han;
        match () {
            _ if !chinese => Lang::En,
            _ if self.traditional > self.simplified => Lang::ZhHant,
            _ => Lang::ZhHans,
        }
    }
}

/// The language of these pieces of prose.
pub fn of_prose<'a>(pieces: impl IntoIterator<Item = &'a str>) -> Lang {
    let mut tally = Tally::default();
    for piece in pieces {
        tally.add(piece);
    }
    tally.lang()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_scripts_pair_up_and_never_overlap() {
        let simplified: Vec<char> = SIMPLIFIED.chars().collect();
        let traditional: Vec<char> = TRADITIONAL.chars().collect();
        assert_eq!(simplified.len(), traditional.len());
        let mut all: Vec<char> = simplified.iter().chain(&traditional).copied().collect();
        all.sort_unstable();
        let before = all.len();
        all.dedup();
        assert_eq!(all.len(), before, "a character is listed twice");
        assert!(all.iter().all(|&c| han(c)));
    }

    #[test]
    fn prose_is_chinese_when_its_words_outweigh_its_latin_words() {
        assert_eq!(
            of_prose(["8 × 80 GB = 640 GB on one H100 server."]),
            Lang::En
        );
        assert_eq!(
            of_prose(["根据最新示例代码在 8×H100 上的实测数据，至少需要 700GB 以上可用显存。"]),
            Lang::ZhHans
        );
        assert_eq!(
            of_prose(["這台伺服器有 8 張 H100，總共 640 GB 顯存。"]),
            Lang::ZhHant
        );
        // A Chinese term in English prose, and a name-heavy Chinese line.
        assert_eq!(
            of_prose(["The 算力 market grew as hyperscalers bought more GPUs."]),
            Lang::En
        );
        assert_eq!(
            of_prose(["NVIDIA H100 SXM 的 BF16 稠密算力为 989 TFLOPS，功耗为 700 W。"]),
            Lang::ZhHans
        );
        // Japanese is not Chinese; no prose at all is English.
        assert_eq!(
            of_prose(["このサーバーは 8 枚の GPU を搭載しています。"]),
            Lang::En
        );
        assert_eq!(of_prose([]), Lang::En);
        assert_eq!(of_prose(["640"]), Lang::En);
        // A Chinese spec table is Chinese: units and names are nobody's.
        assert_eq!(
            of_prose([
                "规格表",
                "型号",
                "显存带宽",
                "TDP",
                "H100 SXM",
                "3.35 TB/s",
                "700 W"
            ]),
            Lang::ZhHans
        );
    }

    #[test]
    fn the_script_is_the_majority_of_the_characters_that_differ() {
        // 台 and 里 are both scripts' and vote for neither.
        assert_eq!(of_prose(["一台机器里有八张卡"]), Lang::ZhHans);
        assert_eq!(of_prose(["一台機器裡有八張卡"]), Lang::ZhHant);
        // A simplified article quoting one traditional word stays simplified.
        assert_eq!(
            of_prose(["这篇文章说，台湾称之为「記憶體」，我们说内存。"]),
            Lang::ZhHans
        );
        // Nothing to tell them apart: simplified.
        assert_eq!(of_prose(["八卡"]), Lang::ZhHans);
    }
}
