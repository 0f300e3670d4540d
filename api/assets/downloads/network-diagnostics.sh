#!/bin/sh
# Network Diagnostics 1.2 for macOS and Linux (read-only).
#
# Prints what a technician needs to tell "this computer" from "the office network" from "the
# internet": interfaces and addresses, the default gateway, DNS servers, reachability of the gateway,
# a public IP address and well-known names, DNS resolution, HTTPS, and the route to the internet.
# It changes no setting. Save the output and attach it to the ticket:
#
#   sh network-diagnostics.sh | tee network-report.txt
#
# Optional: sh network-diagnostics.sh example.com   (also tests that host)

set -u
EXTRA_HOST="${1:-}"
OS="$(uname -s)"
PASS=0
FAIL=0

section() { printf '\n=== %s ===\n' "$1"; }
ok() { PASS=$((PASS + 1)); printf '[PASS] %s\n' "$1"; }
bad() { FAIL=$((FAIL + 1)); printf '[FAIL] %s\n' "$1"; }
have() { command -v "$1" >/dev/null 2>&1; }

ping_once() {
  if [ "$OS" = "Darwin" ]; then ping -c 2 -t 4 "$1" >/dev/null 2>&1; else ping -c 2 -W 2 "$1" >/dev/null 2>&1; fi
}

printf 'Network Diagnostics 1.2 - %s - %s (%s)\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$(hostname)" "$OS"

section "Interfaces and addresses"
if have ip; then ip -brief address 2>/dev/null || ip address
elif have ifconfig; then ifconfig | grep -E '^[a-z0-9]+:|inet ' ; fi

section "Default gateway"
if [ "$OS" = "Darwin" ]; then
  GATEWAY="$(route -n get default 2>/dev/null | awk '/gateway:/ {print $2}')"
else
  GATEWAY="$(ip route show default 2>/dev/null | awk '/default/ {print $3; exit}')"
fi
if [ -n "${GATEWAY:-}" ]; then
  echo "Gateway: $GATEWAY"
  if ping_once "$GATEWAY"; then ok "gateway $GATEWAY answers"; else bad "gateway $GATEWAY does not answer (Wi-Fi/cable or router problem)"; fi
else
  bad "no default gateway: not connected to a network"
fi

section "DNS servers"
if [ "$OS" = "Darwin" ]; then scutil --dns 2>/dev/null | awk '/nameserver\[[0-9]+\]/ {print $3}' | sort -u
elif have resolvectl; then resolvectl dns 2>/dev/null
else grep -E '^nameserver' /etc/resolv.conf 2>/dev/null; fi

section "Internet reachability"
for target in 1.1.1.1 8.8.8.8; do
  if ping_once "$target"; then ok "$target answers"; else bad "$target does not answer"; fi
done

section "Name resolution"
for name in www.apple.com www.microsoft.com ${EXTRA_HOST:+"$EXTRA_HOST"}; do
  if have dig; then ADDR="$(dig +short "$name" 2>/dev/null | tail -n 1)"
  elif have getent; then ADDR="$(getent hosts "$name" | awk '{print $1; exit}')"
  else ADDR="$(nslookup "$name" 2>/dev/null | awk '/^Address: / {print $2}' | tail -n 1)"; fi
  if [ -n "${ADDR:-}" ]; then ok "$name -> $ADDR"; else bad "$name does not resolve (DNS problem)"; fi
done

section "HTTPS"
if have curl; then
  for url in https://www.apple.com https://www.microsoft.com ${EXTRA_HOST:+"https://$EXTRA_HOST"}; do
    CODE="$(curl -s -o /dev/null -m 10 -w '%{http_code} in %{time_total}s' "$url" 2>/dev/null)"
    case "$CODE" in
      000*) bad "$url unreachable" ;;
      *) ok "$url answered $CODE" ;;
    esac
  done
  PUBLIC_IP="$(curl -s -m 10 https://api.ipify.org 2>/dev/null)"
  [ -n "$PUBLIC_IP" ] && echo "Public IP address: $PUBLIC_IP"
else
  echo "curl not installed: HTTPS checks skipped"
fi

section "Route to the internet (first 10 hops)"
if have traceroute; then traceroute -n -m 10 -w 2 1.1.1.1 2>/dev/null
elif have tracepath; then tracepath -n -m 10 1.1.1.1 2>/dev/null
else echo "traceroute not installed"; fi

section "Wi-Fi"
if [ "$OS" = "Darwin" ]; then
  system_profiler SPAirPortDataType 2>/dev/null | awk '/Current Network Information:/ {f=1; next} f && /PHY Mode|Channel|Signal/ {print} /Other Local Wi-Fi Networks/ {exit}'
elif have nmcli; then
  nmcli -f IN-USE,SSID,SIGNAL,RATE device wifi list 2>/dev/null | awk 'NR==1 || /^\*/'
fi

section "Summary"
printf '%s checks passed, %s failed.\n' "$PASS" "$FAIL"
[ "$FAIL" -eq 0 ] || exit 1
