### Recount's message catalogue: simplified Chinese.
###
### The same messages as en.ftl, with the same placeholders; en.ftl says
### what each one is for.

## Summaries.

summary-coverage = { $figures } 个数值：{ $verified } 个已核实，{ $flagged } 个有问题，{ $unchecked } 个未核查
summary-findings = 核查结果：{ $verified } 条已核实，{ $contradicted } 条不符，{ $inconsistent } 条前后不一
summary-suppressed = { $count } 条已忽略
summary-baselined = { $count } 条被基线隐藏
summary-clause-separator = ；
summary-list-separator = ，
summary-file = { $path }: { $summary }
summary-total = 合计：{ $files } 个文件，{ $summary }
summary-sentence = { $summary }。

## Words shared by every report.

report-title = Recount 核查报告
verdict-verified = 已核实
verdict-contradicted = 不符
verdict-inconsistent = 前后不一
location-line-column = 第 { $line } 行第 { $column } 列
label-steps = 步骤
label-related = 相关
label-sources = 来源
label-verified = 已核实
label-summary = 汇总
label-with-colon = { $label }：

column-files = 文件
column-figures = 数值
column-figures-checked = 已核查的数值
column-figures-unchecked = 未核查的数值
column-suppressed = 已忽略
column-baselined = 被基线隐藏
column-line = 行
column-check = 检查
column-claim = 原文
column-result = 结果

## The human output.

human-verified = { $location }: 已核实 [{ $check }] { $message }
human-help = 提示：
human-source = 来源：{ $title } <{ $url }>

## The Markdown report.

markdown-help = 提示：{ $help }
markdown-related = { $location }：“{ $text }”——{ $note }

## The HTML report.

html-font-family = system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif
legend-both = 既核实又不符
legend-related = 相关（另一处陈述、前提）
legend-unchecked = 未核查（没有检查覆盖）
filter-show = 显示
filter-all = 全部
filter-flagged = 只看有问题的
filter-unchecked = 未核查
html-unchecked = 未核查：没有检查覆盖这个数值
html-related-to = 相关：{ $finding }
html-finding = { $verdict } · { $check }：{ $message }
html-unchecked-list = { $count } 个未核查的数值
html-related = { $location } “{ $text }”——{ $note }
html-figure = { $location } “{ $text }”
html-image = 图片：

## `audit claims`.

claims-no-subject = 无主体
claims-subject-known = 已知
claims-subject-unknown = 未知
claims-subject-ambiguous = 有歧义
claims-subject-configuration = 配置
claims-subject = { $kind } { $count }{ $name }（{ $evidence }）
claims-evidence-respectively = 分别对应
claims-evidence-beside = 紧邻
claims-evidence-clause = 分句
claims-evidence-sentence = 句子
claims-evidence-table = 表格
claims-evidence-paragraph = 段落
claims-role-requirement = 需求
claims-role-bound = 界限
claims-role-derived = 推算
claims-role-calculation = 计算
claims-role-statement = 陈述
claims-covered = { $check } { $verdict }
claims-unchecked = 未核查：{ $reason }
claims-no-check = 没有检查涉及

## `audit explain`.

explain-untranslated = （{ $check } 检查的说明暂时只有英文。）

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
