#!/bin/sh
# The shared secret (coturn's REST API) MediVault derives each call's credentials from; written to a
# configuration file rather than the command line, where any process could read it.
set -eu
config=$(mktemp)
printf 'static-auth-secret=%s\n' "${TURN_SECRET:?TURN_SECRET must be set}" > "$config"
exec turnserver -c "$config" --no-cli --no-tls --no-dtls --fingerprint --use-auth-secret \
  --realm="${TURN_REALM:-medivault}" --listening-port=3478 \
  --min-port="${TURN_MIN_PORT:-49160}" --max-port="${TURN_MAX_PORT:-49199}" \
  ${TURN_EXTERNAL_IP:+--external-ip="$TURN_EXTERNAL_IP"} \
  --no-multicast-peers --denied-peer-ip=0.0.0.0-0.255.255.255 --denied-peer-ip=169.254.0.0-169.254.255.255 \
  --log-file=stdout --simple-log
