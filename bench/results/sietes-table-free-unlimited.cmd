solitario analyze --game sietes --play free --passes 0 --seeds 1..1000000 --jsonl sietes-table-free-unlimited.jsonl --quiet --json
