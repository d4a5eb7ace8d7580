solitario bench --game ventaglio --play forced --seeds 1..30 --strategies default,dfs-restarts,portfolio --max-nodes 2000000 --json
