import {
  STOCK_CSV_MAX_CHARS,
  adminCardStatuses,
  type AdminStock,
  type AdminStockCard,
  type AdminStockImportResult,
} from '@shop/contracts/admin-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { adminLists, adminWrites, useProductCards } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { expiryDay, when } from './admin-list.tsx';
import {
  AdminList,
  ListTable,
  AdminTable,
  BilingualName,
  actionColumn,
  type AdminColumn,
} from './admin-table.tsx';

/** Card stock of every E-PIN and gift-card product, and the card file import. */
export function StockPage() {
  const [viewing, setViewing] = useState<AdminStock | null>(null);
  return (
    <>
      <h1>Card stock</h1>
      <ImportPanel />
      <h2>Cards per product</h2>
      <AdminList
        source={adminLists.stock}
        // Every card product on one page (the demo shop has a few dozen).
        initial={{ limit: 50 }}
        empty="There are no card products."
        testId="admin-stock"
        rowKey={(row) => row.productId}
        columns={[
          ...stockColumns,
          actionColumn<AdminStock>('Cards', (row) => `Cards of ${row.name.en}`, setViewing),
        ]}
      />
      {viewing ? (
        <ProductCardsDialog
          product={viewing}
          onClose={() => {
            setViewing(null);
          }}
        />
      ) : null}
    </>
  );
}

const stockColumns: AdminColumn<AdminStock>[] = [
  { header: 'Product', rowHeader: true, cell: (row) => <BilingualName text={row.name} /> },
  { header: 'SKU', cell: (row) => row.sku },
  { header: 'Available', testId: 'stock-available', cell: (row) => row.available },
  { header: 'Held', cell: (row) => row.held },
  { header: 'Sold', testId: 'stock-sold', cell: (row) => row.sold },
  { header: 'Voided', testId: 'stock-voided', cell: (row) => row.voided },
  { header: 'Expiring soon', cell: (row) => row.expiringSoon },
  { header: 'Expired', cell: (row) => row.expired },
];

const cardColumns: AdminColumn<AdminStockCard>[] = [
  { header: 'Serial', rowHeader: true, cell: (card) => card.serial },
  { header: 'State', cell: cardState },
  { header: 'Expires', cell: (card) => expiryDay(card.expiresAt) },
  { header: 'Added', cell: (card) => when(card.createdAt) },
];

/** A card's state as the list says it: held and expired cards are "available" in the table. */
function cardState(card: AdminStockCard): string {
  if (card.status === 'available' && card.held) return 'held by an order';
  if (card.expired) return `${card.status}, expired`;
  return card.status;
}

/**
 * One product's cards (serial, state, expiry; never the PIN), by state and page; an unsold card
 * no order holds can be voided with a reason.
 */
function ProductCardsDialog({ product, onClose }: { product: AdminStock; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const query = useProductCards(product.productId, {
    status: status || undefined,
    page,
    limit: 20,
  });
  const [voiding, setVoiding] = useState<AdminStockCard | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const confirm = async () => {
    if (!voiding) return;
    setFailure(null);
    setBusy(true);
    try {
      const answer = await adminWrites.voidCard(voiding.id, reason);
      toast.success(answer.message);
      setVoiding(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Cards of ${product.name.en}`}
      className="admin-dialog--wide"
    >
      <div className="admin-form">
        <p className="admin-note">
          {product.sku}: {product.available} available, {product.sold} sold, {product.voided}{' '}
          voided. PINs are never shown here.
        </p>
        <div className="admin-filters__field">
          <label htmlFor={`${id}-status`}>State</label>
          <select
            id={`${id}-status`}
            className="ui-input"
            value={status}
            data-autofocus
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">all</option>
            {adminCardStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <ListTable
          query={query}
          empty="No cards in this state."
          onPage={setPage}
          testId="product-cards"
          rowKey={(card) => card.id}
          columns={[
            ...cardColumns,
            actionColumn<AdminStockCard>(
              'Void',
              (card) => `Void ${card.serial}`,
              (card) => {
                setFailure(null);
                setReason('');
                setVoiding(card);
              },
              (card) => card.status === 'available' && !card.held,
            ),
          ]}
        />
        {voiding ? (
          <form
            className="admin-fieldset"
            aria-label={`Void card ${voiding.serial}`}
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
            noValidate
          >
            <p>
              Void card <strong>{voiding.serial}</strong>: it is taken out of stock for good and
              never sold.
            </p>
            <FormField id={`${id}-reason`} label="Reason" hint="3 to 200 characters; audited.">
              <input
                {...fieldAria(`${id}-reason`, null, true)}
                className="ui-input"
                value={reason}
                required
                autoFocus
                onChange={(event) => {
                  setReason(event.target.value);
                }}
              />
            </FormField>
            <AdminAlert error={failure} fallback="The card could not be voided." />
            <div className="admin-form__actions">
              <Button type="submit" busy={busy} busyLabel="Voiding…">
                Void card
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setVoiding(null);
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </Dialog>
  );
}

interface Rejected {
  line: number;
  reason: string;
}

const fileColumns: AdminColumn<AdminStockImportResult['byProduct'][number]>[] = [
  { header: 'Product', rowHeader: true, cell: (row) => <BilingualName text={row.name} /> },
  { header: 'SKU', cell: (row) => row.sku },
  { header: 'Cards', cell: (row) => row.cards },
];

const refusedColumns: AdminColumn<Rejected>[] = [
  { header: 'Line', rowHeader: true, cell: (row) => (row.line === 0 ? 'File' : row.line) },
  { header: 'Reason', cell: (row) => row.reason },
];

/** The refused rows of a 409 (the error body's fields, "line.N": reason), in file order. */
function rejectedOf(error: unknown): Rejected[] {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.fields) return [];
  return Object.entries(error.fields)
    .map(([key, reason]) => ({ line: Number(key.replace(/^line\./, '')), reason }))
    .filter((row) => Number.isInteger(row.line))
    .sort((a, b) => a.line - b.line);
}

const cards = (n: number) => `${String(n)} ${n === 1 ? 'card' : 'cards'}`;

/**
 * A card file (the CSV of `npm run stock:import`: product, serial, pin, expiry) read in the
 * browser, checked by the server first (nothing written), then imported: every row or none.
 */
function ImportPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<{ file: FileList | null }>({ defaultValues: { file: null } });
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<AdminStockImportResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [importing, setImporting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  /** A file problem found before asking the server (none chosen, too big). */
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const check = form.handleSubmit(async (values) => {
    setFailure(null);
    setPreview(null);
    setDone(null);
    const file = values.file?.[0];
    setFileProblem(file ? null : 'Choose a card file (CSV) first.');
    if (!file) return;
    try {
      const text = await file.text();
      if (text.length > STOCK_CSV_MAX_CHARS) {
        setFileProblem(
          'The file is too big: at most 2 MB of CSV at a time. Split it and import each part.',
        );
        return;
      }
      const answer = await adminWrites.importStock(text, false);
      setCsv(text);
      setPreview(answer.data);
    } catch (error) {
      setFailure(error);
    }
  });

  const commit = async () => {
    if (csv === null) return;
    setFailure(null);
    setImporting(true);
    try {
      const answer = await adminWrites.importStock(csv, true);
      toast.success(answer.message);
      setDone(`${cards(answer.data.accepted)} imported.`);
      setPreview(null);
      setCsv(null);
      form.reset({ file: null });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      // Refused at import (the file's rows changed meaning since the check): check again first.
      if (rejectedOf(error).length > 0) setPreview(null);
      setFailure(error);
    } finally {
      setImporting(false);
    }
  };

  const refusedAtImport = rejectedOf(failure);
  const refused = refusedAtImport.length > 0 ? refusedAtImport : (preview?.rejected ?? []);
  const canImport = preview !== null && preview.rejected.length === 0 && preview.accepted > 0;
  return (
    <section aria-labelledby={`${id}-title`} className="admin-panel">
      <h2 id={`${id}-title`}>Import cards</h2>
      <form className="admin-form" onSubmit={(event) => void check(event)} noValidate>
        <FormField
          id={`${id}-file`}
          label="Card file (CSV)"
          hint="Columns product (SKU), serial, pin, expiry (YYYY-MM-DD or empty). The file is checked first; nothing is imported until you confirm, and a file with any refused row imports nothing."
        >
          <input
            {...form.register('file', {
              onChange: () => {
                setFileProblem(null);
                setPreview(null);
                setCsv(null);
                setFailure(null);
                setDone(null);
              },
            })}
            {...fieldAria(`${id}-file`, null, true)}
            className="ui-input"
            type="file"
            accept=".csv,text/csv"
          />
        </FormField>
        <div className="admin-form__actions">
          <Button
            type="submit"
            variant="secondary"
            busy={form.formState.isSubmitting}
            busyLabel="Checking…"
          >
            Check file
          </Button>
        </div>
      </form>
      {fileProblem ? (
        <div className="admin-alert" role="alert">
          {fileProblem}
        </div>
      ) : null}
      <AdminAlert error={failure} fallback="The card file could not be imported." />
      {done ? (
        <p className="admin-note" role="status">
          {done}
        </p>
      ) : null}
      {preview ? (
        <div className="admin-preview" data-testid="stock-preview">
          <h3>Check of the file</h3>
          <p role="status">
            {preview.rejected.length === 0
              ? `${cards(preview.accepted)} can be imported.`
              : `${String(preview.rejected.length)} ${preview.rejected.length === 1 ? 'row is' : 'rows are'} refused: nothing can be imported until the file is corrected.`}
          </p>
          {preview.byProduct.length > 0 ? (
            <AdminTable
              caption="Cards per product in the file"
              rows={preview.byProduct}
              rowKey={(row) => row.productId}
              columns={fileColumns}
            />
          ) : null}
        </div>
      ) : null}
      {refused.length > 0 ? (
        <AdminTable
          testId="stock-rejected"
          caption="Refused rows"
          rows={refused}
          rowKey={(row) => String(row.line)}
          columns={refusedColumns}
        />
      ) : null}
      {canImport ? (
        <Button
          busy={importing}
          busyLabel="Importing…"
          onClick={() => {
            void commit();
          }}
        >
          Import {cards(preview.accepted)}
        </Button>
      ) : null}
    </section>
  );
}
