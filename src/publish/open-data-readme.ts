/**
 * /data/README.md: what the open data files hold and under which licence. Kept beside the
 * publisher so a column cannot change without this text (open-data-files.test.ts checks that
 * every column of every file is described here).
 */
export const OPEN_DATA_README = `# Open data: the daily rankings as CSV

Every ranking day (a 24-hour UTC day) has its rankings published here as one CSV file per ranking
family, at \`/data/{YYYY-MM-DD}/{family}.csv\`. They hold exactly what the ranking pages show for
that day, made from the same files.

## Licence

The data is published under the Creative Commons Attribution 4.0 International licence
(CC BY 4.0, https://creativecommons.org/licenses/by/4.0/): you may share and adapt it for any
purpose, provided you name this site as the source and link to it.

## Format

- UTF-8, comma-separated, one header line, lines ending in CRLF (RFC 4180); a field is quoted only
  when it holds a comma, a quote or a line break.
- An empty field is a value we do not have (for example no rank the day before).
- \`list\` names the list a row belongs to; a performer can be in several lists of a file.
- \`tags\` are the performer's tags, separated by single spaces.
- Text that a spreadsheet would take for a formula (starting with =, +, -, @) is written with a
  leading apostrophe. Numbers are written as numbers.
- Performers who opted out of this site appear in no file.

## Files

### viewers.csv: most viewers of the day (Top 100 per list)

- \`list\`: all, couples, women, men or trans (the trans lists hold every trans kind)
- \`rank\`: 1 to 100, by peak viewers, then followers, then username
- \`username\`: the performer's name on the platform
- \`peak_viewers\`: the most viewers seen in a public show that day
- \`followers\`: followers at the day's last sighting
- \`follower_change_7d\`: the change in followers over the 7 days ending with the day
- \`tags\`: the tags used that day

### followers.csv: most followed, and growing.csv: fastest rising (500 per list)

Both over the 30 days ending with the day; followers.csv ordered by followers, growing.csv by the
follower change of the last 7 days.

- \`list\`: all, couples, women, men or trans
- \`rank\`: the place in the list, from 1
- \`previous_rank\`: the place in the same list computed for the day before; empty when not in it
- \`username\`: the performer's name on the platform
- \`score\`: the overall score, 0 to 100 (how it is made: the formulas on the site's about page)
- \`followers\`: followers at the last sighting
- \`follower_change_7d\`: the change in followers over the last 7 days
- \`peak_viewers\`: the most viewers seen in the 30 days
- \`broadcasts\`: streams in the 30 days
- \`best_rank\`: the best place in any poll of the platform's online list in the 30 days; empty when none
- \`minutes_online\`: minutes online in the 30 days
- \`tags\`: the latest tags

### supporters.csv: the most new followers of the day (100 per list)

- \`list\`: gained (ordered by followers gained) or per-hour (by followers gained per hour online)
- \`rank\`: the place in the list, from 1
- \`previous_rank\`: the place in the same list the day before; empty when not in it
- \`username\`: the performer's name on the platform
- \`followers_gained\`: followers at the end of the day less those at the end of the previous day seen
- \`gained_per_hour\`: followers_gained per hour online (at least one hour counted), one decimal
- \`minutes_online\`: minutes online that day
- \`followers\`: followers at the end of the day
- \`follower_change_7d\`: the change in followers over the 7 days ending with the day
- \`tags\`: the tags used that day
`;
