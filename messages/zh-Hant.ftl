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

message-not = { $computed }, not { $claim }
message-matches = { $claim } matches { $computed }
message-change-verified = { $claim } matches the change { $computed }
message-change-contradicted = the change is { $computed }, not { $claim }
finding-rests-on-premise = { $message }, but rests on a contradicted premise
finding-within-tolerance = { $message } (within the { $percent }% tolerance)
list-comma = { $first }, { $second }
list-or = { $init } or { $last }
reading-binary = the byte prefixes are binary (GB as GiB)
reading-magnitude = 兆 means 10⁶
reading-conversion = the 1024 converts between binary prefixes
reading-rate = { $rate } is per unit of the other operands
reading-base-units = the bare numbers count base units
reading-and = { $first } and { $second }

arithmetic-contradicted = { $expr } is { $computed }, not { $stated }
arithmetic-verified = { $expr } = { $computed }, which matches { $stated }
arithmetic-verified-if = { $expr } = { $computed }, which matches { $stated } if { $reading }
arithmetic-divides-by-zero = { $expr } divides by zero, so it cannot be { $stated }

bound-verified = { $capacity } meets { $claim }{ $reading }
bound-contradicted = { $configuration } gives { $total } at most{ $reading }, short of the { $need } required
bound-note-variant = {" "}({ $variant })
bound-note-variant-binary = {" "}({ $variant }, GB as GiB)
bound-note-binary = {" "}(GB as GiB)

consistency-inconsistent = { $subject } is { $second } here but { $first } elsewhere

difference-rest-verified = { $claim } matches what is left: { $computed }
difference-rest-contradicted = what is left is { $computed }, not { $claim }

formula-verified = { $claimed } matches { $relation }: { $expected }
formula-contradicted = { $relation } gives { $expected }, not { $claimed }

restate-verified = { $second } restates { $first }{ $reading }
restate-binary = {" "}({ $unit } read as binary)

spec-verified = { $claim } matches { $count }the { $entity } { $column } ({ $value }{ $note })
spec-verified-note = {"; "}{ $note }
spec-contradicted = { $subject } { $column } is { $values }, not { $claim }
spec-overridden = { $value } is from { $file }, overriding the built-in { $old }

sum-verified = { $claim } adds up: { $computed }

table-verified = { $claim } agrees with its table: { $computed }
