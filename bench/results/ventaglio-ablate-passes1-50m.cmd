solitario bench --game ventaglio --passes 1 --seeds 1..30 --strategies default,plan-no-beams --max-nodes 50000000 --json
