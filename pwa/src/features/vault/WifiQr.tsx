import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { wifiQrPayload } from '@portal/shared';

/**
 * A Wi-Fi join QR code ("For the field"): the `WIFI:T:WPA;S:...;P:...;;` payload (shared
 * wifiQrPayload, escaped) drawn on this device with the `qrcode` package into a canvas: nothing is
 * sent anywhere. Shown only while the Wi-Fi password is revealed (it is a child of SecretValue), so
 * it disappears with the password. Dark modules on white in both themes (cameras need the contrast).
 */
export function WifiQr({ ssid, password }: { ssid: string; password: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, wifiQrPayload(ssid, password), { errorCorrectionLevel: 'M', margin: 2, width: 208, color: { dark: '#000000', light: '#ffffff' } }).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [ssid, password]);
  return (
    <figure className="wifi-qr">
      <canvas ref={canvas} role="img" aria-label={`Wi-Fi QR code for ${ssid}`} />
      <figcaption className="muted">{failed ? 'The QR code could not be drawn.' : `Scan with a phone camera to join ${ssid}.`}</figcaption>
    </figure>
  );
}
