solitario analyze --game orologio52 --seeds 1..100000 --workers 2 --quiet --json
