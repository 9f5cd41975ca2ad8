import { escapeHtml } from '../../lib/html.ts';
import type { OutgoingMail } from '../mail/index.ts';

function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  return `<!doctype html><html lang="it"><body style="font-family:sans-serif;color:#1e1b4b">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="background:#4338ca;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:12px;color:#64748b">${escapeHtml(outro)}<br>${escapeHtml(link)}</p>
</body></html>`;
}

export function confirmEmailMail(p: { to: string; username: string; link: string }): OutgoingMail {
  const intro = `Ciao ${p.username}, grazie per esserti registrato a FantaRift! Conferma il tuo indirizzo email per iniziare a giocare.`;
  const outro = 'Se non ti sei registrato tu, ignora questa email. Il link scade tra 48 ore.';
  return {
    to: p.to,
    subject: 'Conferma il tuo account FantaRift',
    text: `${intro}\n\nConferma il tuo account: ${p.link}\n\n${outro}`,
    html: layout('Benvenuto su FantaRift', intro, 'Conferma account', p.link, outro),
  };
}

export function resetPasswordMail(p: { to: string; username: string; link: string }): OutgoingMail {
  const intro = `Ciao ${p.username}, abbiamo ricevuto una richiesta di reimpostazione della password del tuo account FantaRift.`;
  const outro =
    'Il link è valido per 1 ora e può essere usato una sola volta. Se non hai chiesto tu il reset, ignora questa email.';
  return {
    to: p.to,
    subject: 'Reimposta la tua password FantaRift',
    text: `${intro}\n\nImposta una nuova password: ${p.link}\n\n${outro}`,
    html: layout('Reimposta la password', intro, 'Imposta nuova password', p.link, outro),
  };
}
