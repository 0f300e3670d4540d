<#
.SYNOPSIS
  System Information Collector 1.5: writes a read-only report of this Windows computer to the
  Desktop, for the technician working on the ticket.

.DESCRIPTION
  Collects the computer name, Windows version, uptime, CPU, memory, disks, network adapters, the
  last installed updates, recent critical events and the programs that start with Windows. It only
  READS information: it changes no setting and sends nothing anywhere. Attach the resulting text file
  to your ticket or hand it to the technician.

.EXAMPLE
  Right-click the file, "Run with PowerShell". Or, in a PowerShell window:
    powershell -ExecutionPolicy Bypass -File .\system-info-collector.ps1
#>
[CmdletBinding()]
param(
  [string]$OutputFolder = [Environment]::GetFolderPath('Desktop')
)

$ErrorActionPreference = 'Continue'
$stamp = Get-Date -Format 'yyyy-MM-dd_HHmm'
$report = Join-Path $OutputFolder ("system-info_{0}_{1}.txt" -f $env:COMPUTERNAME, $stamp)
$lines = New-Object System.Collections.Generic.List[string]

function Add-Section([string]$title) {
  $lines.Add('')
  $lines.Add(('=' * 70))
  $lines.Add($title)
  $lines.Add(('=' * 70))
}

function Add-Block($value) {
  if ($null -eq $value) { $lines.Add('(not available)'); return }
  ($value | Out-String -Width 200).TrimEnd().Split("`n") | ForEach-Object { $lines.Add($_.TrimEnd()) }
}

Write-Host 'Collecting system information (read-only)...'
$lines.Add("System Information Collector 1.5 - report created $(Get-Date -Format 'yyyy-MM-dd HH:mm:ss')")

Add-Section 'Computer'
$os = Get-CimInstance Win32_OperatingSystem -ErrorAction SilentlyContinue
$cs = Get-CimInstance Win32_ComputerSystem -ErrorAction SilentlyContinue
$bios = Get-CimInstance Win32_BIOS -ErrorAction SilentlyContinue
Add-Block ([pscustomobject]@{
  'Computer name'  = $env:COMPUTERNAME
  'Signed-in user' = "$env:USERDOMAIN\$env:USERNAME"
  'Manufacturer'   = $cs.Manufacturer
  'Model'          = $cs.Model
  'Serial number'  = $bios.SerialNumber
  'Windows'        = "$($os.Caption) $($os.Version) (build $($os.BuildNumber))"
  'Installed'      = $os.InstallDate
  'Last boot'      = $os.LastBootUpTime
  'Uptime (hours)' = if ($os) { [math]::Round(((Get-Date) - $os.LastBootUpTime).TotalHours, 1) } else { $null }
  'Domain/Workgroup' = $cs.Domain
} | Format-List)

Add-Section 'Processor and memory'
Add-Block (Get-CimInstance Win32_Processor -ErrorAction SilentlyContinue | Select-Object Name, NumberOfCores, NumberOfLogicalProcessors, LoadPercentage | Format-List)
if ($os) {
  $totalGb = [math]::Round($os.TotalVisibleMemorySize / 1MB, 1)
  $freeGb = [math]::Round($os.FreePhysicalMemory / 1MB, 1)
  $lines.Add("Memory: $totalGb GB total, $freeGb GB free")
}

Add-Section 'Disks'
Add-Block (Get-CimInstance Win32_LogicalDisk -Filter 'DriveType=3' -ErrorAction SilentlyContinue |
  Select-Object DeviceID, VolumeName,
    @{ n = 'Size (GB)'; e = { [math]::Round($_.Size / 1GB, 1) } },
    @{ n = 'Free (GB)'; e = { [math]::Round($_.FreeSpace / 1GB, 1) } },
    @{ n = 'Free %'; e = { if ($_.Size) { [math]::Round(100 * $_.FreeSpace / $_.Size) } } } | Format-Table -AutoSize)

Add-Section 'Network'
Add-Block (Get-NetIPConfiguration -ErrorAction SilentlyContinue |
  Select-Object InterfaceAlias,
    @{ n = 'IPv4'; e = { $_.IPv4Address.IPAddress -join ', ' } },
    @{ n = 'Gateway'; e = { $_.IPv4DefaultGateway.NextHop -join ', ' } },
    @{ n = 'DNS'; e = { $_.DNSServer.ServerAddresses -join ', ' } } | Format-Table -AutoSize)
$wifi = (netsh wlan show interfaces) 2>$null | Select-String -Pattern '^\s+(SSID|Signal|Radio type)\s*:'
if ($wifi) { $lines.Add('Wi-Fi:'); $wifi | ForEach-Object { $lines.Add($_.Line.Trim()) } }
foreach ($target in @('1.1.1.1', 'www.microsoft.com')) {
  $ok = Test-Connection -ComputerName $target -Count 2 -Quiet -ErrorAction SilentlyContinue
  $lines.Add(("Reachable {0}: {1}" -f $target, $ok))
}

Add-Section 'Last 10 installed updates'
Add-Block (Get-HotFix -ErrorAction SilentlyContinue | Sort-Object InstalledOn -Descending | Select-Object -First 10 HotFixID, Description, InstalledOn | Format-Table -AutoSize)

Add-Section 'Critical and error events of the last 24 hours (System log, max 25)'
Add-Block (Get-WinEvent -FilterHashtable @{ LogName = 'System'; Level = 1, 2; StartTime = (Get-Date).AddDays(-1) } -MaxEvents 25 -ErrorAction SilentlyContinue |
  Select-Object TimeCreated, ProviderName, Id, @{ n = 'Message'; e = { ($_.Message -split "`n")[0] } } | Format-Table -AutoSize -Wrap)

Add-Section 'Programs that start with Windows'
Add-Block (Get-CimInstance Win32_StartupCommand -ErrorAction SilentlyContinue | Select-Object Name, Location, User | Format-Table -AutoSize)

Add-Section 'Security'
$defender = Get-MpComputerStatus -ErrorAction SilentlyContinue
if ($defender) {
  Add-Block ($defender | Select-Object AntivirusEnabled, RealTimeProtectionEnabled, AntivirusSignatureLastUpdated | Format-List)
}
$bitlocker = Get-BitLockerVolume -ErrorAction SilentlyContinue
if ($bitlocker) { Add-Block ($bitlocker | Select-Object MountPoint, ProtectionStatus, VolumeStatus | Format-Table -AutoSize) }
$pending = Test-Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\WindowsUpdate\Auto Update\RebootRequired'
$lines.Add("Restart pending for updates: $pending")

$lines | Set-Content -Path $report -Encoding UTF8
Write-Host ''
Write-Host "Report saved to: $report"
Write-Host 'Attach it to your ticket or give it to your technician. Nothing was changed on this computer.'
