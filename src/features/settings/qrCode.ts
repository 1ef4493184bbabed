import QRCode from 'qrcode';

/**
 * The otpauth:// URI as a QR code an authenticator app scans, as an SVG
 * data: URL for an <img> (the CSP allows data: images, and no canvas is
 * needed). Made in the browser, so the secret is sent to it once, as text,
 * and the server needs no image library.
 */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
