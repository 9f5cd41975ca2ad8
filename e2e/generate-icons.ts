/**
 * Draws the app's PNG icons and the invite card image from the logo with Debian's Chromium, once; the PNGs
 * are committed (apps/web/public/icons). Run: `cd e2e && npx tsx generate-icons.ts`.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';

const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const BG = '#141a3a';
const GOLD = '#e8b64c';
const mark = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><path d="M16 4 27 16 16 28 5 16Z" fill="none" stroke="${GOLD}" stroke-width="2.5"/><path d="M16 9v14M12 16h8" stroke="${GOLD}" stroke-width="2.5" stroke-linecap="round"/></svg>`;

// "any": the rounded tile of the favicon; maskable: a full-bleed square, the mark inside the 80 % safe circle
const icon = (size: number, maskable: boolean) => `<body style="margin:0;background:transparent">
  <div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${BG};border-radius:${maskable ? 0 : size * 0.22}px">${mark(Math.round(size * (maskable ? 0.62 : 0.92)))}</div></body>`;

const card = `<body style="margin:0">
  <div style="width:1200px;height:630px;display:flex;align-items:center;gap:56px;padding:0 96px;box-sizing:border-box;background:${BG};font-family:sans-serif;color:#fff">
    ${mark(300)}
    <div><div style="font-size:96px;font-weight:800;letter-spacing:-2px">Fanta<span style="color:${GOLD}">Rift</span></div>
    <div style="font-size:40px;margin-top:16px;color:#c9cde8">Il fantasy game degli esports di League of Legends</div></div>
  </div></body>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const shots: [string, number, number, string, boolean][] = [
  ['icon-192.png', 192, 192, icon(192, false), true],
  ['icon-512.png', 512, 512, icon(512, false), true],
  ['icon-maskable-512.png', 512, 512, icon(512, true), false],
  ['apple-touch-icon.png', 180, 180, icon(180, true), false],
  ['invite-card.png', 1200, 630, card, false],
];
for (const [name, width, height, html, transparent] of shots) {
  await page.setViewportSize({ width, height });
  await page.setContent(html);
  await page.screenshot({ path: path.join(out, name), omitBackground: transparent });
}
await browser.close();
