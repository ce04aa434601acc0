// The certificate as a one-page A4 PDF (pdf-lib, the standard Helvetica): the volunteer's name, the
// period, the figures, and the check link with its QR code.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatMinutes } from '#shared/domain/format.ts';

export interface CertificateContent {
  operator: string;
  name: string;
  from: string;
  to: string;
  minutes: number;
  sitesCleaned: number;
  eventsAttended: number;
  issuedOn: string;
  verifyUrl: string;
}

/** Text the standard fonts can draw (WinAnsi): anything else becomes '?', rather than failing the file. */
const drawable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/** '2026-03-01' as '01/03/2026'. */
const ukDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Volunteer record: ${drawable(content.name)}`);
  pdf.setAuthor(drawable(content.operator));
  pdf.setCreator('Clean Up Edinburgh');
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const navy = rgb(0.09, 0.16, 0.29);
  const left = 60;
  let y = 770;
  const line = (text: string, size: number, font = regular, gap = 1.6) => {
    page.drawText(drawable(text), { x: left, y, size, font, color: navy });
    y -= size * gap;
  };

  line('Clean Up Edinburgh', 14, bold);
  line('Volunteer record', 28, bold, 2);
  line(`This certifies that ${content.name}`, 14);
  line(`volunteered with ${content.operator}`, 14);
  line(`from ${ukDay(content.from)} to ${ukDay(content.to)}:`, 14, regular, 2.4);
  line(`Approved hours: ${formatMinutes(content.minutes)}`, 18, bold);
  line(`Sites cleaned: ${content.sitesCleaned}`, 18, bold);
  line(`MUCU events attended: ${content.eventsAttended}`, 18, bold, 2.4);
  line(`Issued on ${ukDay(content.issuedOn)}.`, 12);
  line('Anyone can check these figures at:', 12);
  line(content.verifyUrl, 11, bold, 2);

  const qr = await QRCode.toBuffer(content.verifyUrl, { type: 'png', margin: 1, width: 360 });
  const image = await pdf.embedPng(qr);
  page.drawImage(image, { x: left, y: y - 160, width: 160, height: 160 });
  page.drawText('Scan to check', { x: left + 176, y: y - 84, size: 12, font: regular, color: navy });
  return pdf.save();
}
