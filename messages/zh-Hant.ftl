### Recount's message catalogue: traditional Chinese.
###
### The same messages as en.ftl, with the same placeholders; en.ftl says
### what each one is for.

## Summaries.

summary-coverage = { $figures } 個數值：{ $verified } 個已核實，{ $flagged } 個有問題，{ $unchecked } 個未查核
summary-findings = 查核結果：{ $verified } 條已核實，{ $contradicted } 條不符，{ $inconsistent } 條前後不一
summary-suppressed = { $count } 條已忽略
summary-baselined = { $count } 條被基線隱藏
summary-clause-separator = ；
summary-list-separator = ，
summary-file = { $path }: { $summary }
summary-total = 合計：{ $files } 個檔案，{ $summary }
summary-sentence = { $summary }。

## Words shared by every report.

report-title = Recount 查核報告
verdict-verified = 已核實
verdict-contradicted = 不符
verdict-inconsistent = 前後不一
location-line-column = 第 { $line } 行第 { $column } 欄
label-steps = 步驟
label-related = 相關
label-sources = 來源
label-verified = 已核實
label-summary = 彙總
label-with-colon = { $label }：

column-files = 檔案
column-figures = 數值
column-figures-checked = 已查核的數值
column-figures-unchecked = 未查核的數值
column-suppressed = 已忽略
column-baselined = 被基線隱藏
column-line = 行
column-check = 檢查
column-claim = 原文
column-result = 結果

## The human output.

human-verified = { $location }: 已核實 [{ $check }] { $message }
human-help = 提示：
human-source = 來源：{ $title } <{ $url }>

## The Markdown report.

markdown-help = 提示：{ $help }
markdown-related = { $location }：「{ $text }」——{ $note }

## The HTML report.

html-font-family = system-ui, -apple-system, 'Segoe UI', 'PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK TC', 'Source Han Sans TC', sans-serif
legend-both = 既核實又不符
legend-related = 相關（另一處陳述、前提）
legend-unchecked = 未查核（沒有檢查涵蓋）
filter-show = 顯示
filter-all = 全部
filter-flagged = 只看有問題的
filter-unchecked = 未查核
html-unchecked = 未查核：沒有檢查涵蓋這個數值
html-related-to = 相關：{ $finding }
html-finding = { $verdict } · { $check }：{ $message }
html-unchecked-list = { $count } 個未查核的數值
html-related = { $location } 「{ $text }」——{ $note }
html-figure = { $location } 「{ $text }」
html-image = 圖片：

## `audit claims`.

claims-no-subject = 無主體
claims-subject-known = 已知
claims-subject-unknown = 未知
claims-subject-ambiguous = 有歧義
claims-subject-configuration = 配置
claims-subject = { $kind } { $count }{ $name }（{ $evidence }）
claims-evidence-respectively = 分別對應
claims-evidence-beside = 緊鄰
claims-evidence-parenthesis = 括號
claims-evidence-clause = 分句
claims-evidence-sentence = 句子
claims-evidence-table = 表格
claims-evidence-paragraph = 段落
claims-role-requirement = 需求
claims-role-bound = 界限
claims-role-derived = 推算
claims-role-calculation = 計算
claims-role-statement = 陳述
claims-covered = { $check } { $verdict }
claims-unchecked = 未查核：{ $reason }
claims-no-check = 沒有檢查涉及

## `audit explain`.

explain-untranslated = （{ $check } 檢查的說明暫時只有英文。）

## The findings' first lines (en.ftl says what each placeholder holds).

message-not = { $computed }，不是 { $claim }
message-matches = { $claim } 與 { $computed } 相符
message-change-verified = { $claim } 與變化 { $computed } 相符
message-change-contradicted = 變化是 { $computed }，不是 { $claim }
finding-rests-on-premise = { $message }，但依據的前提不符
finding-within-tolerance = { $message }（在 { $percent }% 的容差之內）
list-comma = { $first }、{ $second }
list-or = { $init } 或 { $last }
reading-binary = 位元組前綴按二進位計（GB 即 GiB）
reading-magnitude = 「兆」取 10⁶
reading-conversion = 1024 是二進位前綴之間的換算
reading-rate = { $rate } 按其餘各項的每單位計
reading-period = 按 { $period } 內的總量計
reading-once-a-period = 按每{ $period }一次計
reading-eight-bits = 這個 8 是位元到位元組的換算，單位已經換算過一次
reading-b-as-byte = 不帶單位一項後的 B 是位元組，不是十億
reading-per-what-follows = 斜線前的數就是各項算出的數
reading-per-magnitude = 結果是按除數的數量級（每百萬）計
reading-omitted-magnitude = 不帶單位的一項以{ $magnitude }計
reading-base-units = 無單位的數字按基本單位計
reading-and = { $first }，並且{ $second }

arithmetic-contradicted = { $expr } 等於 { $computed }，不是 { $stated }
arithmetic-verified = { $expr } = { $computed }，與 { $stated } 相符
arithmetic-verified-if = { $expr } = { $computed }，若{ $reading }，則與 { $stated } 相符
arithmetic-divides-by-zero = { $expr } 除以零，不可能等於 { $stated }

bound-verified = { $capacity } 滿足 { $claim }{ $reading }
bound-contradicted = { $configuration } 最多提供 { $total }{ $reading }，達不到所需的 { $need }
bound-note-variant = （{ $variant }）
bound-note-variant-binary = （{ $variant }，GB 按 GiB 計）
bound-note-binary = （GB 按 GiB 計）

consistency-inconsistent = { $subject } 此處為 { $second }，別處為 { $first }

difference-rest-verified = { $claim } 與剩餘的 { $computed } 相符
difference-rest-contradicted = 剩餘的是 { $computed }，不是 { $claim }

formula-verified = { $claimed } 與 { $relation } 相符：{ $expected }
formula-contradicted = 按 { $relation } 得 { $expected }，不是 { $claimed }

restate-verified = { $second } 是 { $first } 的另一種寫法{ $reading }
restate-power-energy = { $computed }：這是電量，卻寫成了功率 { $claim }
restate-energy-as-power = { $claim } 是電量，但「{ $word }」說的是功率：功率、負載、容量的單位是瓦、百萬瓦，不是瓦時、百萬瓦時
label-energy-as-power = 功率寫成了電量
restate-binary = （{ $unit } 按二進位計）

spec-verified = { $claim } 與 { $count }{ $entity } 的 { $column }（{ $value }{ $note }）相符
spec-verified-note = ；{ $note }
spec-contradicted = { $subject } 的 { $column } 是 { $values }，不是 { $claim }
spec-unsupported = { $subject } 不支援 { $precision }：{ $claim } 不可能是它的 { $precision } 算力
spec-mixed-sparse = { $claim } 是 { $entity } 的 { $precision } 稀疏算力，而表中其他卡的 { $precision } 算力是稠密值
spec-overridden = { $value } 來自 { $file }，取代內建的 { $old }

sum-verified = { $claim } 加總無誤：{ $computed }

table-verified = { $claim } 與表格相符：{ $computed }

## Why no check reached a figure.

unchecked-unknown = 關於 { $name }：知識庫不認識這個名稱或型號
unchecked-a-name = 「某個名稱」
unchecked-ambiguous = 句中除 { $name } 外還有知識庫不認識的名稱：不確定是誰的數值
unchecked-a-known-one = 已知的那個
unchecked-calculation = 沒有檢查能完整讀懂的計算
unchecked-no-subject = 沒有知識庫認識的主體，附近也沒有可用的關係
unchecked-requirement = 需求或界限，但沒有可以對照的陳述
unchecked-no-fact = 沒有 { $name } 關於這個數值的事實，或不夠確定，無法比較
unchecked-its-subject = 它的主體

## What a related span is to its finding.

note-calculation = 算式
note-configuration = 配置
note-entity = 所指的對象
note-mixed-dense = 稠密值
note-stated-here-too = 這裡也說了
note-whole = 總量
note-part = 部分
note-power = 功率
note-share = 比例
note-a-part = 其中一部分
note-taken = 從中減去的
note-one-end = 一端
note-other-end = 另一端
note-from = 起點
note-factor = 乘數
note-to = 終點
note-compared = 比較的一方
note-restated = 被換算的數值
note-row-above = 上方的一列
note-computed-from = 據以計算的數值
note-header-rate = 表頭中的單價
note-stated-rate = 文中給出的換算比率
note-count-share = 作為基數的總數
note-kind = { $kind }
note-rests-on = 依據的數值不符：{ $message }

## The findings' help lines.

help-no-reading = 無論怎樣理解都對不上：{ $readings }
help-mixed-columns = 與表中其他數字同一口徑，{ $entity } 的 { $precision } 算力是 { $value }
help-value-if = 若{ $reading }，則為 { $value }
list-comma-or = { $first }，或{ $second }
list-semicolon = { $first }；{ $second }
help-another-change = 文中的兩個數值給出的變化與此不同
arithmetic-help = 算式得 { $computed }；文中寫的是 { $stated }
bound-help-short = { $total } < { $need }{ $reading }
consistency-help = 兩個數值中有一個是錯的，或者說的並不是同一件事
difference-help-rest = 總量減去取走的部分，剩餘的與此不同
formula-help = 由 { $inputs } 重新計算
ratio-help = 這兩個數值之比是 { $ratio }×
restate-help-bits = 位元與位元組：1 位元組是 8 位元，所以 Gb/s ÷ 8 = GB/s
restate-help-factor = { $first } 與 { $second } 相差 { $factor } 倍
restate-help-power-energy = 瓦、百萬瓦是功率；功率持續若干小時得到的是電量（瓦時、百萬瓦時）
restate-help-period = 按一個週期計的數換到另一個週期，要乘以兩者長度之比：一年是 12 個月、52 週或 365 天
share-help = 文中的部分與總量給出的占比與此不同
share-help-part = 按前面給出的總數，這個比例算出的是另一個數
spec-help-is = { $claim } 是 { $entity } 的 { $column } 數值{ $how }
spec-help-how = （{ $how }）
spec-help-its = { $is }；它的 { $column } 是 { $value }
spec-help-the = { $is }；{ $entity } 的 { $column } 是 { $value }
sum-help = 各部分加起來不等於文中的總數
table-help-rows = 上方各列加起來不等於合計列
table-help-rate = 這一格不等於表頭的單價乘以本列的數值
table-help-conversion = 這一格不等於本列的數值按文中給出的比率換算的結果
table-help-share = 無論按哪一欄，這個占比都不是本列數值除以該欄合計
table-help-change = 該列兩欄之間的變化與此不符：其他各列所依據的兩欄，以哪一欄為基數都不符
table-help-product = 此格不等於其他各列所相乘的兩欄之積

## The primary label.

label-as-written = { $text }
label-divides-by-zero = 除以零
label-requires = 需要 { $need }
label-now = 此處又寫作 { $value }
label-first-stated = 此處首次寫作 { $value }
note-later-stated = 後文寫作 { $value }
label-values = { $column }：{ $values }
label-unsupported = 不支援 { $precision }
label-mixed-sparse = 稀疏值，與稠密值並列

## The steps of a recomputation.

step-with-reading = { $value }{ $reading }
step-holds-if = 若{ $reading }，則成立
step-subject-value = { $subject }：{ $value }
arithmetic-step-division-by-zero = { $expr }：除以零
arithmetic-step-outside = { $computed } 不在{ $range } 之內
range-between = 文中所說的 { $low }–{ $high }
range-at-least = 文中所說的至少 { $low }
range-at-most = 文中所說的至多 { $high }
range-any = 任何數值
bound-step-short = 每一種都達不到 { $need }
consistency-step = 無論怎樣理解，{ $first } 與 { $second } 都對不上
formula-step-kb = 取自知識庫：{ $inputs }
ratio-step-compared = 比較的是：{ $attribute }
spec-step-holds = 成立：{ $how }
spec-step-none = { $claim } 與其中任何一個都不符，無論怎樣理解

## How a spec figure was read to match.

spec-how-and = { $first }，{ $second }
spec-how-means = 若 { $unit } 指 { $other }
spec-how-magnitude = 按「兆」的另一種理解
spec-how-cut-off = 按資料數值截去末位之後的寫法
spec-how-per-unit = 按每個單位計，共 { $count } 個
spec-how-source-binary = 若來源的 { $unit } 按二進位計
spec-how-source-as = 假如來源的 { $value } { $unit } 其實是 { $other }
spec-how-per-direction = { $value } ÷ 2 為單向
spec-how-both-directions = { $value } × 2 為雙向
spec-step-value = { $entity } 的 { $column }：{ $value }{ $how }
spec-step-unsupported = { $entity }：{ $precision } 不在其支援的精度之列

## A table's share of a column.

table-share-computed = { $count } ÷ { $whole } = { $share }%
table-column-sum = 該欄之和 { $sum }
