solitario bench --game ventaglio --seeds 1..30 --strategies default,dfs-restarts,plan-no-restarts,plan-no-luby,plan-no-beams,plan-no-streamlined,plan-no-shorten --max-nodes 2000000 --json
