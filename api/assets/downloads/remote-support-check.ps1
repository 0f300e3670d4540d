<#
.SYNOPSIS
  Remote Support Readiness Check 1.3: tells the technician, before a remote session, whether this
  Windows computer can be supported remotely, and what to fix first.

.DESCRIPTION
  Checks (read-only): Windows edition and version, free disk space on C:, internet and DNS, the time
  offset (sign-in codes fail when the clock is wrong), outbound HTTPS on port 443, Remote Desktop and
  Remote Assistance settings, a pending restart, and whether a remote support tool is already
  installed. Prints PASS / WARN / FAIL per check and a summary. It changes nothing.

.EXAMPLE
  powershell -ExecutionPolicy Bypass -File .\remote-support-check.ps1
#>
[CmdletBinding()]
param(
  [string[]]$HttpsHosts = @('www.microsoft.com', 'login.microsoftonline.com')
)

$results = New-Object System.Collections.Generic.List[object]
function Report([string]$check, [ValidateSet('PASS', 'WARN', 'FAIL')][string]$status, [string]$detail) {
  $results.Add([pscustomobject]@{ Check = $check; Status = $status; Detail = $detail })
  $color = @{ PASS = 'Green'; WARN = 'Yellow'; FAIL = 'Red' }[$status]
  Write-Host ("[{0}] {1}: {2}" -f $status, $check, $detail) -ForegroundColor $color
}

Write-Host 'Remote Support Readiness Check 1.3 (read-only)' -ForegroundColor Cyan
Write-Host ''

$os = Get-CimInstance Win32_OperatingSystem -ErrorAction SilentlyContinue
if ($os) {
  $build = [int]$os.BuildNumber
  if ($build -ge 19045) { Report 'Windows version' 'PASS' "$($os.Caption) build $build" }
  else { Report 'Windows version' 'WARN' "$($os.Caption) build $build is out of support; plan an upgrade" }
} else { Report 'Windows version' 'FAIL' 'Could not read the operating system' }

$c = Get-CimInstance Win32_LogicalDisk -Filter "DeviceID='C:'" -ErrorAction SilentlyContinue
if ($c) {
  $freePct = [math]::Round(100 * $c.FreeSpace / $c.Size)
  $freeGb = [math]::Round($c.FreeSpace / 1GB, 1)
  if ($freePct -ge 15) { Report 'Free space on C:' 'PASS' "$freeGb GB ($freePct%)" }
  elseif ($freePct -ge 5) { Report 'Free space on C:' 'WARN' "$freeGb GB ($freePct%): updates may fail" }
  else { Report 'Free space on C:' 'FAIL' "$freeGb GB ($freePct%): free space before the session" }
}

try {
  $null = Resolve-DnsName -Name 'www.microsoft.com' -ErrorAction Stop
  Report 'DNS' 'PASS' 'Names resolve'
} catch { Report 'DNS' 'FAIL' 'Names do not resolve: check the network connection and DNS servers' }

foreach ($h in $HttpsHosts) {
  $t = Test-NetConnection -ComputerName $h -Port 443 -WarningAction SilentlyContinue -ErrorAction SilentlyContinue
  if ($t.TcpTestSucceeded) { Report "HTTPS to $h" 'PASS' 'Port 443 open' }
  else { Report "HTTPS to $h" 'FAIL' 'Blocked: a firewall or proxy stops outbound HTTPS' }
}

try {
  $resp = Invoke-WebRequest -Uri 'https://www.microsoft.com' -Method Head -UseBasicParsing -TimeoutSec 10
  $serverTime = [datetime]::Parse($resp.Headers['Date']).ToUniversalTime()
  $offset = [math]::Abs(((Get-Date).ToUniversalTime() - $serverTime).TotalSeconds)
  if ($offset -le 120) { Report 'Clock' 'PASS' ("Off by {0:N0} s" -f $offset) }
  else { Report 'Clock' 'FAIL' ("Off by {0:N0} s: sign-in codes will fail; sync the time" -f $offset) }
} catch { Report 'Clock' 'WARN' 'Could not compare the clock with an internet server' }

$rdp = Get-ItemProperty 'HKLM:\System\CurrentControlSet\Control\Terminal Server' -Name fDenyTSConnections -ErrorAction SilentlyContinue
if ($null -ne $rdp) {
  if ($rdp.fDenyTSConnections -eq 0) { Report 'Remote Desktop' 'WARN' 'Enabled: make sure it is reachable only through the VPN' }
  else { Report 'Remote Desktop' 'PASS' 'Disabled (remote support uses an attended session instead)' }
}
$ra = Get-ItemProperty 'HKLM:\System\CurrentControlSet\Control\Remote Assistance' -Name fAllowToGetHelp -ErrorAction SilentlyContinue
if ($null -ne $ra) {
  $state = if ($ra.fAllowToGetHelp -eq 1) { 'allowed' } else { 'not allowed' }
  Report 'Remote Assistance' 'PASS' "Invitations $state"
}

$pending = (Test-Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\WindowsUpdate\Auto Update\RebootRequired') -or
  (Test-Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Component Based Servicing\RebootPending')
if ($pending) { Report 'Pending restart' 'WARN' 'Restart before the session so it is not interrupted' }
else { Report 'Pending restart' 'PASS' 'None' }

$tools = Get-ItemProperty 'HKLM:\Software\Microsoft\Windows\CurrentVersion\Uninstall\*', 'HKLM:\Software\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\*' -ErrorAction SilentlyContinue |
  Where-Object { $_.DisplayName -match 'TeamViewer|AnyDesk|ScreenConnect|Quick Assist|Splashtop|RustDesk' } |
  Select-Object -ExpandProperty DisplayName -Unique
if ($tools) { Report 'Remote support tool' 'PASS' ($tools -join ', ') }
else { Report 'Remote support tool' 'WARN' 'None found: use Quick Assist (built into Windows) or install the approved tool' }

Write-Host ''
$fail = @($results | Where-Object Status -eq 'FAIL').Count
$warn = @($results | Where-Object Status -eq 'WARN').Count
Write-Host ("Summary: {0} checks, {1} failed, {2} warnings." -f $results.Count, $fail, $warn) -ForegroundColor Cyan
if ($fail -gt 0) { Write-Host 'Fix the failed checks before starting the remote session.' -ForegroundColor Red; exit 2 }
if ($warn -gt 0) { exit 1 }
exit 0
