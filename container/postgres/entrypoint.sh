#!/bin/sh
# First start: a cluster with its own TLS key, the MediVault owner role (POSTGRES_PASSWORD) and its database.
# Every start: PostgreSQL in the foreground, so `stop` (SIGTERM) is a smart shutdown.
set -eu
password=${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}
user=${POSTGRES_USER:-medivault}
database=${POSTGRES_DB:-medivault}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  initdb --pgdata="$PGDATA" --username=postgres --auth-local=peer --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
  openssl req -new -x509 -days 3650 -nodes -subj "/CN=postgres" -keyout "$PGDATA/server.key" -out "$PGDATA/server.crt" 2>/dev/null
  chmod 600 "$PGDATA/server.key"
  cat >> "$PGDATA/postgresql.conf" <<CONF
listen_addresses = '*'
ssl = on
password_encryption = 'scram-sha-256'
CONF
  # Only TLS connections with a password from the container network.
  echo "hostssl all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses=''" --wait start >/dev/null
  # The owner runs migrations and creates the app's own, narrower role at every start (db/app-role.ts);
  # this cluster serves MediVault alone.
  psql --username=postgres --dbname=postgres --set=ON_ERROR_STOP=1 --quiet \
    --set=user="$user" --set=password="$password" --set=database="$database" <<'SQL'
CREATE ROLE :"user" LOGIN SUPERUSER PASSWORD :'password';
CREATE DATABASE :"database" OWNER :"user";
SQL
  pg_ctl --pgdata="$PGDATA" --mode=fast --wait stop >/dev/null
fi
exec postgres -D "$PGDATA"
