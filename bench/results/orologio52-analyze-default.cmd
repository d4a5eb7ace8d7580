solitario analyze --game orologio52 --seeds 1..100000 --quiet --json
