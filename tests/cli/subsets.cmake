# btsolve subsets: outputs, counts, exit codes and one-line errors (docs/problems/subsets.md).
# Paths are relative to tests/ (the working directory of every CLI test).
set(hs6 --weights 5,10,12,13,15,18 --target 30)
set(dat data/subset_sum)

bt_cli_test(subsets.help EXIT 0 ARGS subsets --help
            STDOUT "Usage: btsolve subsets \\[OPTIONS\\].*--weights.*--count-method")
bt_cli_test(subsets.help_default_strategy EXIT 0 STDOUT "--strategy arg +textbook \\| reach \\(default: reach\\)\n"
            ARGS subsets --help)

# Outputs: the 0/1 vector over the weights in input order, then the chosen weights
bt_cli_test(subsets.first EXIT 0 STDOUT "^0 0 1 0 0 1  \\{12,18\\}\n$" ARGS subsets ${hs6})
bt_cli_test(subsets.first_textbook EXIT 0 STDOUT "^1 1 0 0 1 0  \\{5,10,15\\}\n$"
            ARGS subsets ${hs6} --strategy textbook)
bt_cli_test(subsets.all_textbook EXIT 0 GOLDEN subsets_hs6_all_textbook.txt
            ARGS subsets ${hs6} --all --strategy textbook)
bt_cli_test(subsets.all_reach EXIT 0 GOLDEN subsets_hs6_all_reach.txt
            ARGS subsets --input ${dat}/textbook_hs6.txt --all)
bt_cli_test(subsets.all_hs4 EXIT 0 GOLDEN subsets_hs4_all_textbook.txt
            ARGS subsets -i ${dat}/textbook_hs4.txt --all --strategy textbook)
bt_cli_test(subsets.limit EXIT 0 STDOUT "^1 1 0 0 1 0  \\{5,10,15\\}\n1 0 1 1 0 0  \\{5,12,13\\}\n$"
            ARGS subsets ${hs6} --limit 2 --strategy textbook)
bt_cli_test(subsets.trace EXIT 0 GOLDEN subsets_hs6_trace_textbook.txt
            ARGS subsets ${hs6} --all --trace --strategy textbook)
bt_cli_test(subsets.trace_reach EXIT 0 GOLDEN subsets_hs4_trace_reach.txt
            ARGS subsets -i ${dat}/textbook_hs4.txt --trace)
bt_cli_test(subsets.stats_textbook EXIT 0
            STDERR "^strategy: textbook \\(Horowitz-Sahni SumOfSub, as the textbook writes it\\)\nstatistics:\nnodes: 23\nchecks: 40\nassigns: 22\nprunes: 18\nbacktracks: 22\nsolutions: 3\nmax_depth: 6\n"
            ARGS subsets ${hs6} --all --strategy textbook --stats)
bt_cli_test(subsets.stats_reach EXIT 0
            STDERR "^strategy: reach \\(heaviest first, with a reachability oracle; the default\\)\nstatistics:\nnodes: 16\nchecks: 26\nassigns: 15\nprunes: 11\nbacktracks: 15\nsolutions: 3\n"
            ARGS subsets ${hs6} --all --stats)
bt_cli_test(subsets.json EXIT 0
            STDOUT "^\\{\"n\":4,\"problem\":\"subsets\",\"strategy\":\"textbook\",\"strategy_summary\":\"Horowitz-Sahni SumOfSub, as the textbook writes it\",\"target\":31,\"solutions\":\\[\\[1,1,0,1\\],\\[0,0,1,1\\]\\],\"count\":2,\"exhausted\":true,\"stats\":\\{\"assigns\":9,\"backtracks\":9,\"checks\":16,\"max_depth\":4,\"nodes\":10,\"prunes\":7,\"seconds\":[0-9.e-]+,\"solutions\":2\\},\"status\":\"solved\",\"stopped\":null\\}\n$"
            ARGS subsets -i ${dat}/textbook_hs4.txt --all --strategy textbook --format json)
bt_cli_test(subsets.json_first EXIT 0 STDOUT "\"solutions\":\\[\\[0,0,1,0,0,1\\]\\],\"count\":1,\"exhausted\":false,"
            ARGS subsets ${hs6} --format json)
bt_cli_test(subsets.format_text EXIT 0 STDOUT "^0 0 1 0 0 1  \\{12,18\\}\n$" ARGS subsets ${hs6} --format text)

# Counting: dp / memo / mitm without enumerating, search on demand
bt_cli_test(subsets.count EXIT 0 STDOUT "^count: 255958\n$" ARGS subsets -i ${dat}/p3_n30_s102.txt --count)
foreach(m auto dp memo mitm search)
  bt_cli_test(subsets.count_${m} EXIT 0 STDOUT "^count: 243\n$"
              ARGS subsets -i ${dat}/p3_n20_s101.txt --count --count-method ${m})
endforeach()
bt_cli_test(subsets.count_search_textbook EXIT 0 STDOUT "^count: 243\n$"
            STDERR "nodes: 197472\n" ARGS subsets -i ${dat}/p3_n20_s101.txt --count
            --count-method search --strategy textbook --stats)
bt_cli_test(subsets.count_equal EXIT 0 STDOUT "^count: 184756\n$"
            ARGS subsets -i ${dat}/equal_weights_n20.txt --count)
bt_cli_test(subsets.count_dense_n60 EXIT 0 STDOUT "^count: 2005039077689728\n$"
            ARGS subsets -i ${dat}/dense_n60_s1.txt --count)
bt_cli_test(subsets.count_scaled_n60 EXIT 0 STDOUT "^count: 4293167623581356\n$"
            STDERR "^strategy: reach [^\n]*\nmethod: memo\n" ARGS subsets -i ${dat}/scaled_n60_s2.txt --count --stats)
# 40 distinct weights up to 10^6: the meet in the middle, chosen and named in --stats and JSON
bt_cli_test(subsets.count_random_n40 EXIT 0 STDOUT "^count: 127877\n$"
            STDERR "^strategy: reach [^\n]*\nmethod: mitm\n" ARGS subsets -i ${dat}/random_n40_s6.txt --count --stats)
bt_cli_test(subsets.count_random_n40_json EXIT 0
            STDOUT "^\\{\"method\":\"mitm\",.*\"count\":127877,"
            ARGS subsets -i ${dat}/random_n40_s6.txt --count --format json)
bt_cli_test(subsets.count_superinc_n60 EXIT 0 STDOUT "^count: 1\n$"
            ARGS subsets -i ${dat}/superinc_n60_s3.txt --count)
bt_cli_test(subsets.count_beyond_64_bits EXIT 0 STDOUT "^count: 107507208733336176461620\n$"
            ARGS subsets -i ${dat}/equal_n80_t40.txt --count)
bt_cli_test(subsets.count_json_beyond_64_bits EXIT 0
            STDOUT "^\\{\"method\":\"dp\",\"n\":80,\"problem\":\"subsets\",\"strategy\":\"reach\",\"strategy_summary\":\"heaviest first, with a reachability oracle\",\"target\":40,\"solutions\":\\[\\],\"count\":\"107507208733336176461620\",\"exhausted\":true,\"stats\":\\{.*\"solutions\":18446744073709551615\\},\"status\":\"solved\",\"stopped\":null\\}\n$"
            ARGS subsets -i ${dat}/equal_n80_t40.txt --count --format json)
string(REPEAT "1," 199 ones)  # 200 weights of 1, target 100: C(200,100) ~ 9 * 10^58
bt_cli_test(subsets.count_overflow EXIT 0
            STDOUT "^count: at least 340282366920938463463374607431768211455 \\(more than 128 bits hold\\)\n$"
            ARGS subsets --weights ${ones}1 --target 100 --count)
bt_cli_test(subsets.count_overflow_json EXIT 0 STDOUT "\"count_overflow\":true,"
            ARGS subsets --weights ${ones}1 --target 100 --count --format json)
bt_cli_test(subsets.count_json EXIT 0
            STDOUT "^\\{\"method\":\"memo\",.*\"solutions\":\\[\\],\"count\":3,\"exhausted\":true,\"stats\":\\{\"assigns\":0,\"backtracks\":0,\"checks\":2,\"max_depth\":0,\"nodes\":1,\"prunes\":2,\"seconds\":[0-9.e-]+,\"solutions\":3\\},\"status\":\"solved\",\"stopped\":null\\}\n$"
            ARGS subsets ${hs6} --count --count-method memo --format json)
bt_cli_test(subsets.count_stats_dp EXIT 0 STDOUT "^count: 3\n$"
            STDERR "^strategy: reach [^\n]*\nmethod: dp\nstatistics:\nnodes: 58\nchecks: 58\nassigns: 10\nprunes: 48\nbacktracks: 0\nsolutions: 3\nmax_depth: 6\n"
            ARGS subsets ${hs6} --count --stats)
bt_cli_test(subsets.count_trace EXIT 0 STDOUT "solution: 0 0 1 1  \\{24,7\\}\n.*count: 2\n$"
            ARGS subsets -i ${dat}/textbook_hs4.txt --count --trace)

# Exit 1: no solution (complete search)
bt_cli_test(subsets.no_solution EXIT 1 STDOUT "^$"
            STDERR "^no solution: no subset of the 12 weights sums to 425982\n$"
            ARGS subsets -i ${dat}/todd_n12.txt)
bt_cli_test(subsets.no_solution_textbook EXIT 1 STDERR "no solution: no subset of the 16 weights"
            ARGS subsets -i ${dat}/evenodd_n16_s104.txt --all --strategy textbook)
bt_cli_test(subsets.no_solution_count EXIT 1 STDOUT "^count: 0\n$" ARGS subsets -i ${dat}/avis_n12.txt --count)
bt_cli_test(subsets.no_solution_json EXIT 1 STDOUT "\"solutions\":\\[\\],\"count\":0,\"exhausted\":true,"
            ARGS subsets -i ${dat}/somatoth_n16_s105.txt --format json)
bt_cli_test(subsets.target_zero EXIT 0 STDOUT "^0 0  \\{\\}\n$" ARGS subsets --weights 3,4 --target 0)

# Exit 3: limits, with what was found so far
bt_cli_test(subsets.node_limit EXIT 3 GOLDEN subsets_equal_n20_node_limit.txt
            STDERR "^stopped: node limit reached\n$"
            ARGS subsets -i ${dat}/equal_weights_n20.txt --all --strategy textbook --node-limit 30)
bt_cli_test(subsets.node_limit_count_search EXIT 3 STDOUT "^count: [0-9]+\n$"
            STDERR "stopped: node limit reached"
            ARGS subsets -i ${dat}/p3_n30_s102.txt --count --count-method search --node-limit 100000)
bt_cli_test(subsets.time_limit_count_mitm EXIT 3 STDOUT "^count: [0-9]+\n$"
            STDERR "stopped: time limit reached"
            ARGS subsets -i ${dat}/random_n40_s6.txt --count --count-method mitm --time-limit 0.001)
foreach(m dp memo)
  bt_cli_test(subsets.node_limit_count_${m} EXIT 3 STDOUT "^count: [0-9]+\n$"
              STDERR "stopped: node limit reached"
              ARGS subsets -i ${dat}/dense_n60_s1.txt --count --count-method ${m} --node-limit 1000)
endforeach()
# 40 even weights, an odd target: the textbook's bounds cannot see it, reach's table can.
set(evens 2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,52,54,56,58,60,62,64,66,68,70,72,74,76,78,80)
bt_cli_test(subsets.time_limit EXIT 3 STDOUT "^$" STDERR "^stopped: time limit reached\n$"
            ARGS subsets --weights ${evens} --target 821 --strategy textbook --all --time-limit 0.2)
bt_cli_test(subsets.time_limit_json EXIT 3 STDOUT "\"exhausted\":false,.*\"stopped\":\"time limit reached\""
            ARGS subsets --weights ${evens} --target 821 --strategy textbook --format json --time-limit 0.2)
bt_cli_test(subsets.reach_sees_parity EXIT 1 STDERR "no solution"
            ARGS subsets --weights ${evens} --target 821 --all --time-limit 5)

# Exit 2: bad input, one line on stderr naming the option or FILE:LINE
bt_cli_test(subsets.bad.both EXIT 2 STDERR "--weights and --input exclude each other"
            ARGS subsets ${hs6} --input ${dat}/textbook_hs6.txt)
bt_cli_test(subsets.bad.neither EXIT 2 STDERR "subsets needs the weights" ARGS subsets --target 30)
bt_cli_test(subsets.bad.no_target EXIT 2 STDERR "--weights needs the sum to reach: --target M"
            ARGS subsets --weights 1,2)
bt_cli_test(subsets.bad.target_with_input EXIT 2 STDERR "--input FILE holds the target; drop --target"
            ARGS subsets --input ${dat}/textbook_hs6.txt --target 30)
bt_cli_test(subsets.bad.target_negative EXIT 2 STDERR "--target must not be negative \\(-5\\)"
            ARGS subsets --weights 1,2 --target=-5)
bt_cli_test(subsets.bad.target_text EXIT 2 STDERR "--target wants a whole number, not 'ten'"
            ARGS subsets --weights 1,2 --target ten)
bt_cli_test(subsets.bad.target_overflow EXIT 2 STDERR "--target \\(18446744073709551616\\) does not fit 64 bits"
            ARGS subsets --weights 1,2 --target 18446744073709551616)
bt_cli_test(subsets.bad.weight_zero EXIT 2 STDERR "--weights: weight 2 is 0; weights must be positive"
            ARGS subsets --weights 5,0,3 --target 8)
bt_cli_test(subsets.bad.weight_negative EXIT 2 STDERR "--weights: weight 2 is negative \\(-3\\)"
            ARGS subsets --weights=5,-3 --target 8)
bt_cli_test(subsets.bad.weight_text EXIT 2 STDERR "--weights: weight 2 must be a whole number, not 'x'"
            ARGS subsets --weights 5,x --target 8)
bt_cli_test(subsets.bad.weight_empty EXIT 2 STDERR "--weights: weight 2 is empty"
            ARGS subsets --weights 5,,6 --target 8)
bt_cli_test(subsets.bad.weight_overflow EXIT 2 STDERR "--weights: weight 1 \\(18446744073709551616\\) does not fit 64 bits"
            ARGS subsets --weights 18446744073709551616 --target 8)
bt_cli_test(subsets.bad.weight_sum_overflow EXIT 2
            STDERR "--weights: the weights sum to more than 2\\^64 - 1 \\(at weight 2\\)"
            ARGS subsets --weights 18446744073709551615,1 --target 8)
bt_cli_test(subsets.bad.file_missing EXIT 2 STDERR "^btsolve: error: ${dat}/nope.txt: cannot open the file\n$"
            ARGS subsets --input ${dat}/nope.txt)
bt_cli_test(subsets.bad.file_directory EXIT 2 STDERR "${dat}: is a directory" ARGS subsets --input ${dat})
foreach(case
    "empty|bad/empty.txt:1: the file is empty"
    "too_few|bad/too_few.txt:3: expected 6 weights after the first line, found 5"
    "too_many|bad/too_many.txt:3: more weights than the n = 2 of the first line \\(extra '7'\\)"
    "zero_weight|bad/zero_weight.txt:2: weight 2 is 0; weights must be positive"
    "negative_weight|bad/negative_weight.txt:2: weight 2 is negative \\(-10\\)"
    "text_weight|bad/text_weight.txt:2: weight 2 must be a whole number, not 'ten'"
    "weight_overflow|bad/weight_overflow.txt:2: weight 2 \\(18446744073709551616\\) does not fit 64 bits"
    "sum_overflow|bad/sum_overflow.txt:4: the weights sum to more than 2\\^64 - 1 \\(at weight 3\\)"
    "negative_target|bad/negative_target.txt:1: the target must not be negative \\(-30\\)"
    "target_overflow|bad/target_overflow.txt:1: the target \\(18446744073709551616\\) does not fit 64 bits"
    "header|bad/header.txt:1: expected 'n target', found only '6'"
    "header_text|bad/header_text.txt:1: n must be a whole number from 1 to 4096, not 'n'")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 name)
  list(GET parts 1 message)
  string(REGEX MATCH "^bad/[a-z_]+\\.txt" file "${message}")
  bt_cli_test(subsets.bad.file_${name} EXIT 2 STDERR "^btsolve: error: ${dat}/${message}"
              ARGS subsets --input ${dat}/${file})
endforeach()
bt_cli_test(subsets.bad.strategy EXIT 2 STDERR "unknown strategy 'fast' \\(textbook, reach\\)"
            ARGS subsets ${hs6} --strategy fast)
bt_cli_test(subsets.bad.format EXIT 2 STDERR "--format for subsets is text, json or csv, not 'xml'"
            ARGS subsets ${hs6} --format xml)
bt_cli_test(subsets.bad.count_method EXIT 2 STDERR "unknown count method 'guess'"
            ARGS subsets ${hs6} --count --count-method guess)
bt_cli_test(subsets.bad.count_method_without_count EXIT 2 STDERR "--count-method goes with --count"
            ARGS subsets ${hs6} --count-method dp)
bt_cli_test(subsets.bad.trace_with_dp EXIT 2 STDERR "--trace shows a search"
            ARGS subsets ${hs6} --count --count-method dp --trace)
bt_cli_test(subsets.bad.limit_with_count EXIT 2 STDERR "--limit with --count needs --count-method search"
            ARGS subsets ${hs6} --count --limit 2)
bt_cli_test(subsets.bad.dp_too_big EXIT 2 STDERR "--count-method dp: the dp count needs target \\+ 1 <= 16777216 cells"
            ARGS subsets -i ${dat}/scaled_n60_s2.txt --count --count-method dp)
bt_cli_test(subsets.bad.mitm_too_many EXIT 2
            STDERR "--count-method mitm: the mitm count takes at most 54 items no heavier than the target \\(2\\^27 sums a half\\), not 60"
            ARGS subsets -i ${dat}/dense_n60_s1.txt --count --count-method mitm)
bt_cli_test(subsets.bad.all_and_count EXIT 2 STDERR "exclude each other" ARGS subsets ${hs6} --all --count)
