// How a product reads (spec §3 "Product"): its risk as the lists write it (lbType P/S/R shown
// PREV., SANTE, RETR.), shared by the product list, detail and related lists.
import { derivedRisk, RISKS } from '../../domain/contract.ts';

export interface Product {
  id: number;
  lbProduit?: string | null;
  lbTypeContrat?: string | null;
  lbType?: string | null;
  blBloqueDec?: boolean | null;
  dtDatBloque?: string | null;
  insuranceCompany?: { id: number; legalname: string | null } | null;
}

export const productRisk = (product: Product | undefined): string =>
  derivedRisk(product?.lbType).risk ?? '';

/** The risk filter's choices: sent as risk=P|S|R (the server's alias of lbType). */
export const RISK_CHOICES = RISKS.map((r) => ({ id: r.id, name: r.name }));
