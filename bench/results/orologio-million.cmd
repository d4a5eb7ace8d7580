solitario analyze --game orologio --seeds 1..1000000 --workers 2 --quiet --json
