solitario analyze --game orologio --seeds 1..100000 --workers 2 --quiet --json
