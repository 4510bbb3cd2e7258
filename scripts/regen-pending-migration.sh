#!/usr/bin/env bash
# Regenerates the newest migration while it has not landed on main yet (a landed
# migration is never edited: add a new one instead). Usage: scripts/regen-pending-migration.sh NAME
set -euo pipefail
cd "$(dirname "$0")/../apps/api"
name="${1:?migration name}"
last=$(ls src/db/migrations/*.sql | sort | tail -1)
tag=$(basename "$last" .sql)
# Only for a migration written in the current session: once a session's work has landed,
# databases out there have applied it, so it must never change again.
if [ -n "${LANDED_MIGRATION_GUARD:-}" ] && grep -q "$tag" <<<"$LANDED_MIGRATION_GUARD"; then
  echo "$tag has landed: create a new migration with 'npm run db:generate' instead" >&2
  exit 1
fi
idx=${tag%%_*}
rm -f "$last" "src/db/migrations/meta/${idx}_snapshot.json"
node -e "
const fs=require('fs');const p='src/db/migrations/meta/_journal.json';
const j=JSON.parse(fs.readFileSync(p,'utf8'));j.entries=j.entries.filter(e=>e.tag!=='$tag');
fs.writeFileSync(p,JSON.stringify(j,null,2));"
npx drizzle-kit generate --name "$name"
