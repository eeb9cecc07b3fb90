// The whole hostile-server corpus, group by group.
import type { HostileCase } from '../corpus';
import { apiKeyFormCorpus } from './apiKeyForms';
import { sizeCorpus } from './bodySizes';
import { connectionEchoCases, connectionShapeCases } from './connectionAnswers';
import { connectionCorpus } from './connections';
import { csvCorpus } from './csvCells';
import { documentsCorpus } from './documents';
import { echoCorpus } from './echoes';
import { envelopeCorpus } from './envelopes';
import { idCorpus } from './ids';
import { keyShapeCorpus } from './keyShapes';
import { linkCorpus } from './links';
import { movingCorpus } from './movingData';
import { pushOptionsCorpus } from './pushOptions';
import { redirectCorpus } from './redirects';
import { reportsCorpus } from './reports';
import { retryCorpus } from './retryHeaders';

export function hostileCases(): HostileCase[] {
  return [
    ...echoCorpus(),
    ...keyShapeCorpus(),
    ...redirectCorpus(),
    ...linkCorpus(),
    ...envelopeCorpus(),
    ...retryCorpus(),
    ...sizeCorpus(),
    ...idCorpus(),
    ...csvCorpus(),
    ...movingCorpus(),
    ...pushOptionsCorpus(),
    ...apiKeyFormCorpus(),
    ...connectionCorpus(),
    ...connectionEchoCases(),
    ...connectionShapeCases(),
    ...documentsCorpus(),
    ...reportsCorpus(),
  ];
}
