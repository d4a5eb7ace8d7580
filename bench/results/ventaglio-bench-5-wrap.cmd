solitario bench --game ventaglio --provisional-wrap --seeds 1..30 --strategies default,dfs-restarts,portfolio --max-nodes 2000000 --json
