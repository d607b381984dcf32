-- The contract file of 1,000,000 rows written by PostgreSQL itself (COPY ... TO STDOUT, CSV),
-- the one way left to bring the CSV export near 1.3x csv-stringify alone (issue 19): every rule
-- of the file in SQL (neutralisation, type, risk, dates, names joined in the database's order),
-- nothing for Node to parse. Measured, not shipped (docs/benchmarks.md, "Sixth pass"):
--   psql -h 127.0.0.1 -U postgres -q ep_bench -f bench/exports/copy-csv.sql > /tmp/copy.csv
--   grep -a '^Time' /tmp/copy.csv   # the COPY is the longest
-- Lines end in LF (COPY has no CRLF), and there is no byte-order mark nor header: what the file
-- would still need is Node's, and cheap.
\timing on
BEGIN;
SET LOCAL jit = off;
-- The server's default; '256MB' (the sort in memory) was slower: 9.0 to 9.4 s against 8.0 to 8.2.
SET LOCAL work_mem = '4MB';
COPY (
WITH seller AS (
  SELECT id, firstname || ' ' || lastname AS name FROM app_user WHERE seller_code IS NOT NULL
), seller_list AS (
  SELECT l.ids, (SELECT string_agg(DISTINCT s.name, ', ' ORDER BY s.name) FROM seller s WHERE s.id = ANY(l.ids)) AS names
  FROM (SELECT DISTINCT broker_ids AS ids FROM contract) l
), company AS (
  SELECT co.contract_id, string_agg(DISTINCT o.legalname, ', ' ORDER BY o.legalname) AS names
  FROM contract_organization co JOIN organization o ON o.id = co.organization_id AND o.type_id = 5
  GROUP BY co.contract_id
)
SELECT
  CASE WHEN c.lb_contrat ~ '^[\s\u180e\u200b-\u200d\u2060]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]' THEN '''' || c.lb_contrat ELSE NULLIF(c.lb_contrat, '') END,
  CASE WHEN cu.legalname ~ '^[\s\u180e\u200b-\u200d\u2060]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]' THEN '''' || cu.legalname ELSE NULLIF(cu.legalname, '') END,
  CASE WHEN p.lb_produit ~ '^[\s\u180e\u200b-\u200d\u2060]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]' THEN '''' || p.lb_produit ELSE NULLIF(p.lb_produit, '') END,
  CASE WHEN cc.lb_college ~ '^[\s\u180e\u200b-\u200d\u2060]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]' THEN '''' || cc.lb_college ELSE NULLIF(cc.lb_college, '') END,
  CASE WHEN c.bl_ani AND c.bl_surcomp THEN 'Surco en portabilité' WHEN c.bl_ani THEN 'Portabilité' WHEN c.bl_surcomp THEN 'Surco'
       WHEN btrim(c.id_contrat2) <> '' THEN NULL WHEN btrim(c.id_cod_col) = 'LOIEVAPR07' THEN 'Loi Evin' ELSE 'Base' END,
  CASE btrim(c.lb_type) WHEN 'P' THEN 'PREV.' WHEN 'S' THEN 'SANTE' WHEN 'R' THEN 'RETR.' END,
  cs.label,
  coalesce(to_char(c.date_deb_val, 'DD/MM/YY'), '-'),
  coalesce(to_char(c.date_fin_val, 'DD/MM/YY'), '-'),
  CASE WHEN c.lb_apporteur ~ '^[\s\u180e\u200b-\u200d\u2060]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]' THEN '''' || c.lb_apporteur ELSE NULLIF(c.lb_apporteur, '') END,
  company.names,
  sl.names,
  c.nbr_insured, c.nbr_beneficiary, c.nbr_total_affiliate
FROM contract c
JOIN product p ON p.id = c.product_id
JOIN contract_category cc ON cc.id = c.category_id
JOIN customer cu ON cu.id = c.customer_id
JOIN contract_state cs ON cs.id = c.state_id
LEFT JOIN company ON company.contract_id = c.id
LEFT JOIN seller_list sl ON sl.ids = c.broker_ids
ORDER BY c.date_deb_val DESC, c.id DESC
) TO STDOUT WITH (FORMAT csv, DELIMITER ';');
COMMIT;
