#!/usr/bin/env bash
# Nightly logical backup of the Beacon reporting replica to S3, kept 35 days.
# Runs from the ops cron at 02:15 UK time. RDS snapshots are our primary
# backup; this dump exists so we can restore a single company's data quickly.
set -euo pipefail

: "${PGHOST:?PGHOST must point at the read replica}"
: "${BACKUP_BUCKET:=s3://northwind-backups/beacon}"

stamp="$(date -u +%Y-%m-%dT%H%M%SZ)"
file="/tmp/beacon-${stamp}.dump"

cleanup() { rm -f "$file"; }
trap cleanup EXIT

echo "Dumping database at ${stamp}…"
pg_dump --format=custom --no-owner --compress=9 --file="$file" beacon

size="$(du -h "$file" | cut -f1)"
echo "Uploading ${size} to ${BACKUP_BUCKET}"
aws s3 cp "$file" "${BACKUP_BUCKET}/${stamp}.dump" \
  --storage-class STANDARD_IA --sse aws:kms

# Restore test: list the archive's table of contents; a corrupt dump fails here.
pg_restore --list "$file" > /dev/null

echo "Backup complete: ${BACKUP_BUCKET}/${stamp}.dump"
