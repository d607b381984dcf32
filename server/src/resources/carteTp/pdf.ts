// The third-party-payer card as a PDF (pdf-lib, standard Helvetica in WinAnsi, which holds the
// accents of French: é è à ç ô œ ...): an A4 page in the brand's colours with the insurer and its
// AMC number, the contract, the period, the insured person and the beneficiaries, and the
// tiers-payant codes per care domain. The same card always gives the same bytes: its dates are
// the card's own (the day and time it was sent), never the clock.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { BRAND_COLOURS, type Brand } from '../../../../src/domain/brands.ts';
import { TIERS_PAYANT_DOMAINS } from '../../../../src/domain/carteTp.ts';
import { deName, nir } from '../../../../src/domain/format.ts';
import type { CardData } from './source.ts';

/** 'YYYY-MM-DD' as 'DD/MM/YYYY'. */
export const frenchDate = (value: string) => value.split('-').reverse().join('/');

function colour(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const BLACK = rgb(0.13, 0.13, 0.13);
const GREY = rgb(0.42, 0.42, 0.42);
const LIGHT = rgb(0.95, 0.95, 0.96);
const WHITE = rgb(1, 1, 1);

/** Text the font cannot encode loses its accents, or becomes '?', instead of failing. */
function encodable(font: PDFFont): (text: string) => string {
  const cache = new Map<string, string>();
  const one = (char: string): string => {
    const known = cache.get(char);
    if (known !== undefined) return known;
    let safe: string;
    try {
      font.encodeText(char);
      safe = char;
    } catch {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      safe = base && base !== char ? [...base].map(one).join('') : '?';
    }
    cache.set(char, safe);
    return safe;
  };
  return (text) => [...text].map(one).join('');
}

const civility = (idGender: number) => (idGender === 1 ? 'Mme' : 'M.');

export async function carteTpPdf(card: CardData, brand: Brand): Promise<Uint8Array> {
  const colours = BRAND_COLOURS[brand];
  const primary = colour(colours.primary);
  const secondary = colour(colours.secondary);
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = encodable(regular);
  const { insured, contract, insurer, period } = card;
  const holder = `${insured.firstname} ${insured.lastname.toUpperCase()}`;
  const sentAt = new Date(`${period.datenvoi}T${period.heure}Z`);

  doc.setTitle(safe(`Carte de tiers payant ${deName(holder)}`));
  doc.setSubject(
    `Du ${frenchDate(period.debval)} au ${frenchDate(period.debfin)}, contrat ${contract.lbContrat}`,
  );
  doc.setAuthor(safe(colours.name));
  doc.setCreator(safe(colours.name));
  doc.setProducer('pdf-lib');
  doc.setLanguage('fr-FR');
  doc.setCreationDate(sentAt);
  doc.setModificationDate(sentAt);

  const page: PDFPage = doc.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const margin = 40;
  const text = (
    value: string,
    x: number,
    y: number,
    options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {},
  ) =>
    page.drawText(safe(value), {
      x,
      y,
      size: options.size ?? 10,
      font: options.font ?? regular,
      color: options.color ?? BLACK,
    });
  const rightText = (value: string, right: number, y: number, size: number, font: PDFFont) => {
    const clean = safe(value);
    page.drawText(clean, {
      x: right - font.widthOfTextAtSize(clean, size),
      y,
      size,
      font,
      color: WHITE,
    });
  };

  // The brand's band.
  page.drawRectangle({ x: 0, y: height - 80, width, height: 80, color: primary });
  page.drawRectangle({ x: 0, y: height - 86, width, height: 6, color: secondary });
  text(colours.name, margin, height - 50, { size: 22, font: bold, color: WHITE });
  rightText('Carte de tiers payant', width - margin, height - 42, 16, bold);
  rightText('Santé - complémentaire', width - margin, height - 60, 10, regular);

  // The period.
  let y = height - 125;
  text(
    `Période de validité : du ${frenchDate(period.debval)} au ${frenchDate(period.debfin)}`,
    margin,
    y,
    {
      size: 14,
      font: bold,
      color: primary,
    },
  );

  // The card itself: insurer and contract on the left, insured person on the right.
  y -= 20;
  const cardTop = y;
  const cardHeight = 170;
  page.drawRectangle({
    x: margin,
    y: cardTop - cardHeight,
    width: width - 2 * margin,
    height: cardHeight,
    color: LIGHT,
    borderColor: primary,
    borderWidth: 1.5,
  });
  page.drawRectangle({
    x: margin,
    y: cardTop - 6,
    width: width - 2 * margin,
    height: 6,
    color: secondary,
  });
  type Options = Parameters<typeof text>[3];
  /** A column of lines going down: each line `gap` points below the previous one. */
  const column = (x: number, top: number) => {
    let at = top;
    return {
      label(value: string, gap = 0) {
        at -= gap;
        text(value, x, at, { size: 8, font: bold, color: GREY });
      },
      line(value: string, gap: number, options: Options = {}) {
        at -= gap;
        text(value, x, at, options);
      },
    };
  };
  const insurerSide = column(margin + 14, cardTop - 28);
  insurerSide.label('ORGANISME COMPLÉMENTAIRE');
  insurerSide.line(insurer.legalname, 14, { font: bold, size: 11 });
  if (insurer.streetAddress) insurerSide.line(insurer.streetAddress, 13, { size: 9 });
  const town = [insurer.postalCode, insurer.addressLocality].filter(Boolean).join(' ');
  if (town) insurerSide.line(town, 12, { size: 9 });
  if (card.amcNumber) insurerSide.line(`N° AMC : ${card.amcNumber}`, 14, { font: bold });
  insurerSide.label('CONTRAT', 22);
  insurerSide.line(`N° ${contract.lbContrat}`, 13, { font: bold });
  insurerSide.line(`Produit : ${contract.lbProduit}`, 12, { size: 9 });
  insurerSide.line(`Souscripteur : ${contract.customer}`, 12, { size: 9 });

  const insuredSide = column(width / 2 + 10, cardTop - 28);
  insuredSide.label('ASSURÉ');
  insuredSide.line(`${civility(insured.idGender)} ${holder}`, 14, { font: bold, size: 11 });
  insuredSide.line(`Né(e) le ${frenchDate(insured.dtBirthday)}`, 13, { size: 9 });
  const number = nir(insured.noss, insured.nossKey);
  if (number) {
    insuredSide.label('N° DE SÉCURITÉ SOCIALE', 20);
    insuredSide.line(number, 13, { font: bold });
  }
  insuredSide.label('ADRESSE', 20);
  insuredSide.line(`${insured.postalCode} ${insured.addressLocality}`, 13, { size: 9 });

  // The people covered.
  y = cardTop - cardHeight - 30;
  text('Personnes couvertes', margin, y, { size: 12, font: bold, color: primary });
  const columns = [margin, margin + 150, margin + 290, margin + 400];
  const header = ['Nom', 'Prénom', 'Qualité', 'Date de naissance'];
  y -= 20;
  page.drawRectangle({
    x: margin,
    y: y - 5,
    width: width - 2 * margin,
    height: 18,
    color: primary,
  });
  header.forEach((h, i) => {
    text(h, columns[i] + 4, y, { size: 9, font: bold, color: WHITE });
  });
  const people = [
    {
      lastname: insured.lastname,
      firstname: insured.firstname,
      link: 'Assuré',
      birth: insured.dtBirthday,
    },
    ...card.beneficiaries.map((b) => ({
      lastname: b.lastname,
      firstname: b.firstname,
      link: b.lbLien,
      birth: b.dateOfBirth,
    })),
  ].slice(0, 12);
  people.forEach((p, index) => {
    y -= 17;
    if (index % 2 === 1)
      page.drawRectangle({
        x: margin,
        y: y - 5,
        width: width - 2 * margin,
        height: 17,
        color: LIGHT,
      });
    text(p.lastname.toUpperCase(), columns[0] + 4, y, { size: 9 });
    text(p.firstname, columns[1] + 4, y, { size: 9 });
    text(p.link, columns[2] + 4, y, { size: 9 });
    text(frenchDate(p.birth), columns[3] + 4, y, { size: 9 });
  });

  // The tiers-payant codes per care domain.
  y -= 36;
  text('Tiers payant par domaine de soins', margin, y, { size: 12, font: bold, color: primary });
  const cell = (width - 2 * margin) / TIERS_PAYANT_DOMAINS.length;
  y -= 22;
  page.drawRectangle({
    x: margin,
    y: y - 6,
    width: width - 2 * margin,
    height: 20,
    color: primary,
  });
  page.drawRectangle({
    x: margin,
    y: y - 26,
    width: width - 2 * margin,
    height: 20,
    borderColor: primary,
    borderWidth: 1,
  });
  TIERS_PAYANT_DOMAINS.forEach((d, i) => {
    const x = margin + i * cell;
    const centre = (value: string, at: number, font: PDFFont, color: ReturnType<typeof rgb>) =>
      page.drawText(value, {
        x: x + (cell - font.widthOfTextAtSize(value, 9)) / 2,
        y: at,
        size: 9,
        font,
        color,
      });
    centre(d.code, y, bold, WHITE);
    centre(d.value, y - 20, bold, BLACK);
  });
  y -= 44;
  const legend = [
    'SP : tiers payant sur les parts obligatoire et complémentaire, sans demande préalable.',
    '100% : part complémentaire prise en charge jusqu’à 100 % de la base de remboursement.',
    'PEC : tiers payant après accord de prise en charge demandé par le professionnel de santé.',
  ];
  for (const line of legend) {
    text(line, margin, y, { size: 8, color: GREY });
    y -= 11;
  }
  y -= 6;
  TIERS_PAYANT_DOMAINS.forEach((d, i) => {
    const column = i % 2;
    if (column === 0 && i > 0) y -= 11;
    text(`${d.code} : ${d.label}`, margin + column * 200, y, { size: 8, color: GREY });
  });

  // Footer.
  page.drawRectangle({ x: 0, y: 0, width, height: 54, color: primary });
  text(
    'À présenter avec votre carte Vitale à chaque professionnel de santé. Cette carte reste la propriété',
    margin,
    34,
    { size: 8, color: WHITE },
  );
  text(
    "de l'organisme complémentaire et doit être restituée en cas de cessation des droits.",
    margin,
    23,
    { size: 8, color: WHITE },
  );
  text(`Carte émise le ${frenchDate(period.datenvoi)} à ${period.heure}`, margin, 10, {
    size: 8,
    font: bold,
    color: WHITE,
  });

  return doc.save();
}
