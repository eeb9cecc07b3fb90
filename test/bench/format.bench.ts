// The words of the invoice tree: a node's label, description, icon and Markdown tooltip, computed
// for every invoice shown (VS Code asks for all children of an expanded node, so a 5,000 page
// or "Load all" formats them all). Only the pure functions the tree calls; no `vscode`.
import type { Invoice } from '../../src/api/models';
import { formatCount } from '../../src/util/amount';
import { loadMoreLabel, statusIcon } from '../../src/format/labels';
import { invoiceDescription, invoiceLabel, invoiceTooltip } from '../support/invoiceLabels';
import { invoices } from './fixtures';
import type { BenchCase, Suite } from './harness';

const COUNT = 5000;
const QUICK_COUNT = 500;

export const formatSuite: Suite = {
  name: `formatting (${COUNT.toLocaleString('en-US')} invoice nodes; --quick: ${QUICK_COUNT})`,
  prepare({ quick }) {
    const size = quick ? QUICK_COUNT : COUNT;
    const records = invoices(size);
    const each = (name: string, f: (inv: Invoice) => unknown): BenchCase => ({
      name,
      fn: () => {
        let n = 0;
        for (const inv of records) if (f(inv)) n++;
        return n;
      },
      throughput: { amount: size, unit: 'records' },
    });
    return {
      cases: [
        each('label', invoiceLabel),
        each('description (customer · amount · status)', (inv) => invoiceDescription(inv)),
        each('status icon', (inv) => statusIcon(inv.status)),
        each('tooltip (Markdown, escaped)', (inv) => invoiceTooltip(inv)),
        // What InvoiceNode.getTreeItem computes, plus the parent's count and "Load more" label.
        each('whole node: label + description + icon + tooltip', (inv) => {
          const parts = [invoiceLabel(inv), invoiceDescription(inv), statusIcon(inv.status).id, invoiceTooltip(inv)];
          return parts.length;
        }),
        {
          name: 'parent labels (count + Load more)',
          fn: () => `${formatCount(25_000)} ${loadMoreLabel(size, 25_000)}`,
        },
      ],
    };
  },
};
