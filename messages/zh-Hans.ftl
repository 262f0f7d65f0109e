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
claims-evidence-parenthesis = 括号
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

## The findings' first lines (en.ftl says what each placeholder holds).

message-not = { $computed }，不是 { $claim }
message-matches = { $claim } 与 { $computed } 相符
message-change-verified = { $claim } 与变化 { $computed } 相符
message-change-contradicted = 变化是 { $computed }，不是 { $claim }
finding-rests-on-premise = { $message }，但依据的前提不符
finding-within-tolerance = { $message }（在 { $percent }% 的容差之内）
list-comma = { $first }、{ $second }
list-or = { $init } 或 { $last }
reading-binary = 字节前缀按二进制计（GB 即 GiB）
reading-magnitude = “兆”取 10⁶
reading-conversion = 1024 是二进制前缀之间的换算
reading-rate = { $rate } 按其余各项的每单位计
reading-period = 按 { $period } 内的总量计
reading-once-a-period = 按每{ $period }一次计
reading-eight-bits = 这个 8 是比特到字节的换算，单位已经换算过一次
reading-b-as-byte = 不带单位一项后的 B 是字节，不是十亿
reading-per-what-follows = 斜杠前的数就是各项算出的数
reading-per-magnitude = 结果是按除数的数量级（每百万）计
reading-omitted-magnitude = 不带单位的一项以{ $magnitude }计
reading-base-units = 无单位的数字按基本单位计
reading-and = { $first }，并且{ $second }

arithmetic-contradicted = { $expr } 等于 { $computed }，不是 { $stated }
arithmetic-verified = { $expr } = { $computed }，与 { $stated } 相符
arithmetic-verified-if = { $expr } = { $computed }，若{ $reading }，则与 { $stated } 相符
arithmetic-divides-by-zero = { $expr } 除以零，不可能等于 { $stated }

bound-verified = { $capacity } 满足 { $claim }{ $reading }
bound-contradicted = { $configuration } 最多提供 { $total }{ $reading }，达不到所需的 { $need }
bound-note-variant = （{ $variant }）
bound-note-variant-binary = （{ $variant }，GB 按 GiB 计）
bound-note-binary = （GB 按 GiB 计）

consistency-inconsistent = { $subject } 此处为 { $second }，别处为 { $first }

difference-rest-verified = { $claim } 与剩余的 { $computed } 相符
difference-rest-contradicted = 剩余的是 { $computed }，不是 { $claim }

formula-verified = { $claimed } 与 { $relation } 相符：{ $expected }
formula-contradicted = 按 { $relation } 得 { $expected }，不是 { $claimed }

restate-verified = { $second } 是 { $first } 的另一种写法{ $reading }
restate-power-energy = { $computed }：这是电量，却写成了功率 { $claim }
restate-energy-as-power = { $claim } 是电量，但“{ $word }”说的是功率：功率、负载、容量的单位是瓦、兆瓦，不是瓦时、兆瓦时
label-energy-as-power = 功率写成了电量
restate-binary = （{ $unit } 按二进制计）

spec-verified = { $claim } 与 { $count }{ $entity } 的 { $column }（{ $value }{ $note }）相符
spec-verified-note = ；{ $note }
spec-contradicted = { $subject } 的 { $column } 是 { $values }，不是 { $claim }
spec-unsupported = { $subject } 不支持 { $precision }：{ $claim } 不可能是它的 { $precision } 算力
spec-mixed-sparse = { $claim } 是 { $entity } 的 { $precision } 稀疏算力，而表中其他卡的 { $precision } 算力是稠密值
spec-overridden = { $value } 来自 { $file }，取代内置的 { $old }

sum-verified = { $claim } 加总无误：{ $computed }

table-verified = { $claim } 与表格相符：{ $computed }

## Why no check reached a figure.

unchecked-unknown = 关于 { $name }：知识库不认识这个名称或型号
unchecked-a-name = “某个名称”
unchecked-ambiguous = 句中除 { $name } 外还有知识库不认识的名称：不确定是谁的数值
unchecked-a-known-one = 已知的那个
unchecked-calculation = 没有检查能完整读懂的计算
unchecked-no-subject = 没有知识库认识的主体，附近也没有可用的关系
unchecked-requirement = 需求或界限，但没有可以对照的陈述
unchecked-no-fact = 没有 { $name } 关于这个数值的事实，或不够确定，无法比较
unchecked-its-subject = 它的主体

## What a related span is to its finding.

note-calculation = 算式
note-configuration = 配置
note-entity = 所指的对象
note-mixed-dense = 稠密值
note-stated-here-too = 这里也说了
note-whole = 总量
note-part = 部分
note-power = 功率
note-share = 比例
note-a-part = 其中一部分
note-taken = 从中减去的
note-one-end = 一端
note-other-end = 另一端
note-from = 起点
note-factor = 乘数
note-to = 终点
note-compared = 比较的一方
note-restated = 被换算的数值
note-row-above = 上方的一行
note-computed-from = 据以计算的数值
note-header-rate = 表头中的单价
note-stated-rate = 文中给出的换算比率
note-count-share = 作为基数的总数
note-kind = { $kind }
note-rests-on = 依据的数值不符：{ $message }

## The findings' help lines.

help-no-reading = 无论怎样理解都对不上：{ $readings }
help-mixed-columns = 与表中其他数字同一口径，{ $entity } 的 { $precision } 算力是 { $value }
help-value-if = 若{ $reading }，则为 { $value }
list-comma-or = { $first }，或{ $second }
list-semicolon = { $first }；{ $second }
help-another-change = 文中的两个数值给出的变化与此不同
arithmetic-help = 算式得 { $computed }；文中写的是 { $stated }
bound-help-short = { $total } < { $need }{ $reading }
consistency-help = 两个数值中有一个是错的，或者说的并不是同一件事
difference-help-rest = 总量减去取走的部分，剩余的与此不同
formula-help = 由 { $inputs } 重新计算
ratio-help = 这两个数值之比是 { $ratio }×
restate-help-bits = 比特与字节：1 字节是 8 比特，所以 Gb/s ÷ 8 = GB/s
restate-help-factor = { $first } 与 { $second } 相差 { $factor } 倍
restate-help-power-energy = 瓦、兆瓦是功率；功率持续若干小时得到的是电量（瓦时、兆瓦时）
restate-help-period = 按一个周期计的数换到另一个周期，要乘以两者长度之比：一年是 12 个月、52 周或 365 天
share-help = 文中的部分与总量给出的占比与此不同
share-help-part = 按前面给出的总数，这个比例算出的是另一个数
spec-help-is = { $claim } 是 { $entity } 的 { $column } 数值{ $how }
spec-help-how = （{ $how }）
spec-help-its = { $is }；它的 { $column } 是 { $value }
spec-help-the = { $is }；{ $entity } 的 { $column } 是 { $value }
sum-help = 各部分加起来不等于文中的总数
table-help-rows = 上方各行加起来不等于合计行
table-help-rate = 这一格不等于表头的单价乘以本行的数值
table-help-conversion = 这一格不等于本行的数值按文中给出的比率换算的结果
table-help-share = 无论按哪一列，这个占比都不是本行数值除以该列合计
table-help-change = 该行两列之间的变化与此不符：其他各行所依据的两列，按哪一列为基数都不符
table-help-product = 此格不等于其他各行所相乘的两列之积

## The primary label.

label-as-written = { $text }
label-divides-by-zero = 除以零
label-requires = 需要 { $need }
label-now = 此处又写作 { $value }
label-first-stated = 此处首次写作 { $value }
note-later-stated = 后文写作 { $value }
label-values = { $column }：{ $values }
label-unsupported = 不支持 { $precision }
label-mixed-sparse = 稀疏值，与稠密值并列

## The steps of a recomputation.

step-with-reading = { $value }{ $reading }
step-holds-if = 若{ $reading }，则成立
step-subject-value = { $subject }：{ $value }
arithmetic-step-division-by-zero = { $expr }：除以零
arithmetic-step-outside = { $computed } 不在{ $range } 之内
range-between = 文中所说的 { $low }–{ $high }
range-at-least = 文中所说的至少 { $low }
range-at-most = 文中所说的至多 { $high }
range-any = 任何数值
bound-step-short = 每一种都达不到 { $need }
consistency-step = 无论怎样理解，{ $first } 与 { $second } 都对不上
formula-step-kb = 取自知识库：{ $inputs }
ratio-step-compared = 比较的是：{ $attribute }
spec-step-holds = 成立：{ $how }
spec-step-none = { $claim } 与其中任何一个都不符，无论怎样理解

## How a spec figure was read to match.

spec-how-and = { $first }，{ $second }
spec-how-means = 若 { $unit } 指 { $other }
spec-how-magnitude = 按“兆”的另一种理解
spec-how-cut-off = 按资料数值截去末位之后的写法
spec-how-per-unit = 按每个单位计，共 { $count } 个
spec-how-source-binary = 若来源的 { $unit } 按二进制计
spec-how-source-as = 假如来源的 { $value } { $unit } 其实是 { $other }
spec-how-per-direction = { $value } ÷ 2 为单向
spec-how-both-directions = { $value } × 2 为双向
spec-step-value = { $entity } 的 { $column }：{ $value }{ $how }
spec-step-unsupported = { $entity }：{ $precision } 不在其支持的精度之列

## A table's share of a column.

table-share-computed = { $count } ÷ { $whole } = { $share }%
table-column-sum = 该列之和 { $sum }
