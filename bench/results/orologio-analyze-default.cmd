solitario analyze --game orologio --seeds 1..100000 --quiet --json
