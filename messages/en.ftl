### Recount's message catalogue: English.
###
### One file per language (messages/LANG.ftl, in Fluent's syntax:
### https://projectfluent.org/fluent/guide/), compiled into the binary. Every
### message here exists in every language with the same placeholders
### (`src/lang/mod.rs` tests it). Fluent trims the spaces at either end of a
### message: a message that must keep one writes it as a literal, {" "}.
### Counts are passed as numbers, so a message may choose its plural form
### with a selector: { $count -> [one] figure *[other] figures }.

## Summaries: one file's counts, the grand total over several.

# "25 figures: 12 verified, 2 flagged, 11 unchecked": how many figures the
# prose has, how many a finding covers and none flags, how many a flagged
# finding points at, how many no check reached.
summary-coverage = { $figures } { $figures ->
        [one] figure
       *[other] figures
    }: { $verified } verified, { $flagged } flagged, { $unchecked } unchecked
# The findings by verdict.
summary-findings = findings: { $verified } verified, { $contradicted } contradicted, { $inconsistent } inconsistent
# Flagged findings hidden by suppression comments.
summary-suppressed = { $count } suppressed
# Flagged findings hidden by a baseline.
summary-baselined = { $count } hidden by the baseline
# Between the coverage and the findings.
summary-clause-separator = {"; "}
# Between the findings counts and what was hidden.
summary-list-separator = {", "}
# A file's summary line in the human output.
summary-file = { $path }: { $summary }
# The grand total of a run over several files, in the human output.
summary-total = total: { $files } files, { $summary }
# A file's summary sentence in the Markdown report.
summary-sentence = { $summary }.

## Words shared by every report.

report-title = Recount report
verdict-verified = verified
verdict-contradicted = contradicted
verdict-inconsistent = inconsistent
# A place in an article, in the Markdown report.
location-line-column = line { $line }, column { $column }
label-steps = Steps
label-related = Related
label-sources = Sources
label-verified = Verified
label-summary = Summary
# A label before its content ("Steps:").
label-with-colon = { $label }:

# The columns of the summary table (Markdown and HTML) and of the table of
# verified claims (Markdown).
column-files = files
column-figures = figures
column-figures-checked = figures checked
column-figures-unchecked = figures unchecked
column-suppressed = suppressed
column-baselined = hidden by the baseline
column-line = line
column-check = check
column-claim = claim
column-result = result

## The human output.

# What a verified finding's line says (with --show all).
human-verified = { $location }: verified [{ $check }] { $message }
# The label miette writes before a finding's help line, spaces included:
# its width is kept, so the wrapped help lines stay aligned under it.
human-help = {"help: "}
# A source a finding used, under its help line.
human-source = source: { $title } <{ $url }>

## The Markdown report.

# A Markdown finding's help line.
markdown-help = Help: { $help }
# A related span: where, the text, and what it is.
markdown-related = { $location }: “{ $text }” — { $note }

## The HTML report.

# Font families for text in this language, in CSS: the page's for its
# language, and a section's whose article is in another.
html-font-family = system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', sans-serif
legend-both = verified and contradicted
legend-related = related (the other statement, a premise)
legend-unchecked = unchecked (no check covered it)
filter-show = Show
filter-all = all
filter-flagged = flagged only
filter-unchecked = unchecked
# An unchecked figure's tooltip.
html-unchecked = unchecked: no check covered this figure
# The tooltip of a related span: the finding it belongs to.
html-related-to = related to { $finding }
# A finding in a tooltip.
html-finding = { $verdict } · { $check }: { $message }
# The heading of the list of unchecked figures under the panel.
html-unchecked-list = { $count } unchecked { $count ->
        [one] figure
       *[other] figures
    }
# A related span in the panel: where, the text, and what it is.
html-related = { $location } “{ $text }” — { $note }
# An unchecked figure in the list under the panel.
html-figure = { $location } “{ $text }”
# Before an image's alt text, and in its tooltip.
html-image = {"image: "}

## `audit claims`.

claims-no-subject = no subject
claims-subject-known = known
claims-subject-unknown = unknown
claims-subject-ambiguous = ambiguous
claims-subject-configuration = configuration
# A subject: what kind, the count of a configuration ("8 × "), the name
# as written (quoted), and where it was found.
claims-subject = { $kind } { $count }{ $name } ({ $evidence })
# Where a figure's subject was found.
claims-evidence-respectively = respectively
claims-evidence-beside = beside
claims-evidence-parenthesis = parenthesis
claims-evidence-clause = clause
claims-evidence-sentence = sentence
claims-evidence-table = table
claims-evidence-paragraph = paragraph
# What a figure does in its sentence.
claims-role-requirement = requirement
claims-role-bound = bound
claims-role-derived = derived
claims-role-calculation = calculation
claims-role-statement = statement
# A check's verdict on a figure.
claims-covered = { $check } { $verdict }
# Why no check reached a figure (the reason comes from the claim model).
claims-unchecked = unchecked: { $reason }
claims-no-check = no check reached it

## `audit explain`.

# Said before a check's documentation when it is not in the reader's
# language (the documentation is English for now).
explain-untranslated = (The documentation of { $check } is in English.)

## The findings' first lines, which the checks build from these messages
## and their arguments (src/lang/message.rs). Figures, names and quoted
## text are arguments, as the article writes them; a placeholder that
## names a reading or a note takes another of these messages, or nothing.

# Any check: the recomputed figure against the claim, and the claim's match.
message-not = { $computed }, not { $claim }
message-matches = { $claim } matches { $computed }
message-change-verified = { $claim } matches the change { $computed }
message-change-contradicted = the change is { $computed }, not { $claim }
# A verified finding whose inputs another finding contradicts.
finding-rests-on-premise = { $message }, but rests on a contradicted premise
# A verified finding that only the configured tolerance lets agree.
finding-within-tolerance = { $message } (within the { $percent }% tolerance)
# Lists in a message: "a, b or c", built pairwise.
list-comma = { $first }, { $second }
list-or = { $init } or { $last }
# The readings a calculation may need ("which matches 640 GB if …").
reading-binary = the byte prefixes are binary (GB as GiB)
reading-magnitude = 兆 means 10⁶
reading-conversion = the 1024 converts between binary prefixes
reading-rate = { $rate } is per unit of the other operands
reading-period = the rate is the product over { $period }
reading-once-a-period = the product is once each { $period }
reading-eight-bits = the 8 converts bits to bytes, as the units already do
reading-b-as-byte = the B of a bare operand is a byte, not a billion
reading-per-what-follows = the number before the slash is what the operands give
reading-per-magnitude = the result is per the divisor's magnitude word (per million)
reading-omitted-magnitude = a bare operand is in { $magnitude }
reading-base-units = the bare numbers count base units
reading-and = { $first } and { $second }

arithmetic-contradicted = { $expr } is { $computed }, not { $stated }
arithmetic-verified = { $expr } = { $computed }, which matches { $stated }
arithmetic-verified-if = { $expr } = { $computed }, which matches { $stated } if { $reading }
arithmetic-divides-by-zero = { $expr } divides by zero, so it cannot be { $stated }

# A configuration's capacity ("8 × 80 GB = 640 GB") and the requirement.
bound-verified = { $capacity } meets { $claim }{ $reading }
bound-contradicted = { $configuration } gives { $total } at most{ $reading }, short of the { $need } required
# The reading a capacity was found under, after its figure.
bound-note-variant = {" "}({ $variant })
bound-note-variant-binary = {" "}({ $variant }, GB as GiB)
bound-note-binary = {" "}(GB as GiB)

consistency-inconsistent = { $subject } is { $second } here but { $first } elsewhere

difference-rest-verified = { $claim } matches what is left: { $computed }
difference-rest-contradicted = what is left is { $computed }, not { $claim }

# $relation is the knowledge base's name of the formula ("6 · N · D").
formula-verified = { $claimed } matches { $relation }: { $expected }
formula-contradicted = { $relation } gives { $expected }, not { $claimed }

restate-verified = { $second } restates { $first }{ $reading }
restate-power-energy = { $computed }: an energy, written { $claim } as if it were a power
restate-energy-as-power = { $claim } is an energy, but { $word } names a power: a draw, a load or a capacity is in W or MW, not Wh or MWh
label-energy-as-power = an energy where a power is meant
restate-binary = {" "}({ $unit } read as binary)

# $count is "8 × " when the claim is a configuration's total, else nothing;
# $column is the knowledge base's name of the figure ("memory capacity").
spec-verified = { $claim } matches { $count }the { $entity } { $column } ({ $value }{ $note })
spec-verified-note = {"; "}{ $note }
spec-contradicted = { $subject } { $column } is { $values }, not { $claim }
# A throughput stated in a precision the part lacks ("A100 FP8 312 TFLOPS").
spec-unsupported = { $subject } does not support { $precision }: { $claim } cannot be its { $precision } throughput
spec-mixed-sparse = { $claim } is { $entity }'s { $precision } throughput with sparsity, while the table gives other parts' dense { $precision } throughput
# A user's fact that replaces a built-in one.
spec-overridden = { $value } is from { $file }, overriding the built-in { $old }

sum-verified = { $claim } adds up: { $computed }

table-verified = { $claim } agrees with its table: { $computed }

## Why no check reached a figure (`audit claims`): the claim model's reasons.

# $name is the name as written, quoted ("Orion X4"), or unchecked-a-name.
unchecked-unknown = about { $name }, a name or variant the knowledge base does not know
unchecked-a-name = "a name"
# $name is the known name beside the unknown ones, or unchecked-a-known-one.
unchecked-ambiguous = its sentence names things the knowledge base does not know beside { $name }: whose figure it is is uncertain
unchecked-a-known-one = a known one
unchecked-calculation = a calculation no check could read in full
unchecked-no-subject = no subject the knowledge base knows, and no relation in reach
unchecked-requirement = a requirement or bound with nothing stated to hold it against
# $name is the subject's name, or unchecked-its-subject.
unchecked-no-fact = no fact of { $name } for this figure, or not certain enough to compare
unchecked-its-subject = its subject

## What a related span is to its finding, beside it (a label in the human
## output, a note in the Markdown and HTML reports).

note-calculation = the calculation
note-configuration = the configuration
note-entity = the entity
note-mixed-dense = a dense figure
note-stated-here-too = stated here too
note-whole = the whole
note-part = the part
note-power = the power
note-share = the share
note-a-part = a part
note-taken = taken from it
note-one-end = one end
note-other-end = the other end
note-from = from
note-factor = factor
note-to = to
note-compared = compared
note-restated = the figure restated
note-row-above = a row above
note-computed-from = the figure it is computed from
note-header-rate = the rate in the column's header
note-stated-rate = the rate the text states
note-count-share = the count it is a share of
# An input of a formula, by the knowledge base's name of its kind.
note-kind = { $kind }
# A figure another finding contradicts, which this one's result rests on.
note-rests-on = rests on a contradicted figure: { $message }

## The findings' help lines: what would reconcile a claim, or why nothing
## does.

# The readings tried, each short of the claim.
help-no-reading = no reading reconciles them: { $readings }
help-mixed-columns = read as the rest of the table, { $entity }'s { $precision } throughput is { $value }
# One reading's result ("687 GB if the byte prefixes are binary").
help-value-if = { $value } if { $reading }
list-comma-or = { $first }, or { $second }
list-semicolon = { $first }; { $second }
help-another-change = the two figures stated give another change
arithmetic-help = the calculation gives { $computed }; the article says { $stated }
# A configuration's total under one reading, short of the requirement.
bound-help-short = { $total } < { $need }{ $reading }
consistency-help = one of the two values is wrong, or they are about different things
difference-help-rest = the whole less what was taken gives another rest
# $inputs are the formula's inputs as found ("duration = 10 天, event count = 60 次").
formula-help = recomputed from { $inputs }
ratio-help = the figures give { $ratio }×
restate-help-bits = bits and bytes: a byte is 8 bits, so Gb/s ÷ 8 = GB/s
restate-help-factor = { $first } and { $second } differ by a factor of { $factor }
restate-help-power-energy = W and MW are power; a power kept for hours is an energy in Wh and MWh
restate-help-period = a rate over one period is the rate over another times the ratio of their lengths: a year is 12 months, 52 weeks or 365 days
share-help = the part and the whole stated give another share
share-help-part = the share of the whole stated before gives another part
# The column a misquoted figure does match, and the one the claim names.
spec-help-is = { $claim } is the { $entity } { $column } figure{ $how }
# How the figure was read to match, in the knowledge base's words.
spec-help-how = {" "}({ $how })
spec-help-its = { $is }; its { $column } figure is { $value }
spec-help-the = { $is }; the { $entity } { $column } figure is { $value }
sum-help = the parts do not add up to the total stated
table-help-rows = the rows above do not add up to the total row
table-help-rate = the cell is not the header's rate times its row's figure
table-help-conversion = the cell is not its row's figure converted at the rate the text states
table-help-share = the share is not the row's count over the column's total, in any column
table-help-change = the change is not this row's change between the two columns the other rows agree on, with either as the base
table-help-product = this cell is not the product of the two columns the other rows multiply

## The primary label, under the claimed figure.

# A recomputation, the same in every language ("8 × 80 GB = 640 GB").
label-as-written = { $text }
label-divides-by-zero = divides by zero
# The requirement a configuration's capacity is held against.
label-requires = requires { $need }
# The value the same quantity has in another statement.
label-now = now { $value }
label-first-stated = first stated { $value } here
note-later-stated = later { $value }
# The values the knowledge base has for the figure's column.
label-values = { $column }: { $values }
label-unsupported = no { $precision } on this part
label-mixed-sparse = sparse, beside dense figures

## The steps of a recomputation: a step that is only figures and
## operators is label-as-written, the same in every language.

# A figure under a reading ("8 × 80 GB = 687.2 GB (GB as GiB)").
step-with-reading = { $value }{ $reading }
step-holds-if = holds if { $reading }
# A statement of the article: what it is about, and its value.
step-subject-value = { $subject }: { $value }
arithmetic-step-division-by-zero = { $expr }: division by zero
arithmetic-step-outside = { $computed } is outside { $range }
# The interval a claim allows.
range-between = the stated { $low }–{ $high }
range-at-least = the stated at least { $low }
range-at-most = the stated at most { $high }
range-any = any value
bound-step-short = each is short of { $need }
consistency-step = { $first } and { $second } do not meet under any reading
# $inputs are the knowledge base's figures the formula took.
formula-step-kb = from the knowledge base: { $inputs }
# $attribute is the knowledge base's name of what is compared.
ratio-step-compared = compared: { $attribute }
# $how is how the figure was read to match, in the knowledge base's words.
spec-step-holds = holds { $how }
spec-step-none = { $claim } meets none of them, under any reading

## How a spec figure was read to match a knowledge-base fact, in its
## steps and help ("holds if GB means GiB", "(989.4 TFLOPS ÷ 2 per
## direction)").

spec-how-and = { $first }, { $second }
spec-how-means = if { $unit } means { $other }
spec-how-magnitude = with the other reading of 兆
spec-how-cut-off = as the source's figure cut off after its last written digit
# The figure divided among a configuration's $count units.
spec-how-per-unit = per unit, of { $count }
spec-how-source-binary = if the source's { $unit } is binary
spec-how-source-as = as if the source's { $value } { $unit } were { $other }
spec-how-per-direction = { $value } ÷ 2 per direction
spec-how-both-directions = { $value } × 2 for both directions
# A fact's value under a reading, in the steps.
spec-step-value = { $entity } { $column }: { $value }{ $how }
spec-step-unsupported = { $entity }: { $precision } is not among its precisions

## A table's share of a column ("120 ÷ 600 = 20%"), its whole the total
## row's cell as written or, without one, the column's sum.

table-share-computed = { $count } ÷ { $whole } = { $share }%
table-column-sum = the column's sum, { $sum }
