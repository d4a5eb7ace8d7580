solitario analyze --game ventaglio --empty-provisional never --seeds 1..300 --max-nodes 20000000 --workers 2 --quiet --json
