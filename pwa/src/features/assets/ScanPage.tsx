import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { qrDetector, readFrame, tagFromLabel } from './scan';
import { ASSETS_TEXT as T } from './texts';
import './assets.css';

const EVERY_MS = 250;

/**
 * /assets/scan, "Scan" (issue 53 item 4): the back camera's picture; a label read opens
 * `/a/<tag>`, which shows the asset from this device's copy, so it works with no signal. Another QR
 * code says it is not an asset label.
 */
export default function ScanPage() {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem(T.scanNoCamera);
        return;
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      const v = video.current!;
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      const detector = await qrDetector();
      const tick = async () => {
        if (stopped) return;
        const text = await readFrame(v, canvas.current!, detector);
        const tag = text && tagFromLabel(text);
        if (tag) return navigate(`/a/${encodeURIComponent(tag)}`);
        if (text) setProblem(T.scanNotLabel);
        timer = setTimeout(() => void tick(), EVERY_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [navigate]);
  return (
    <div className="page assets-page scan-page">
      <h1>{T.scanTitle}</h1>
      <p className="muted">{T.scanHint}</p>
      <video ref={video} className="scan-video" muted playsInline aria-label={T.scanTitle} />
      <canvas ref={canvas} hidden />
      {problem && <p role="alert">{problem}</p>}
      <Link className="btn btn-outline" to="/assets">
        {T.back}
      </Link>
    </div>
  );
}
