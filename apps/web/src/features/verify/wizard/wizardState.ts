import {
  backRequiredMessage,
  ID_TYPES,
  KYC_IMAGE_MAX_BYTES,
  VERIFICATION_DEFAULT_COUNTRY,
  verificationMessages as m,
  type IdType,
  type KycFileField,
} from '@exchange/contract';

/** The wizard's six steps (spec 3 §2): 1 intro, 2 country, 3 ID type, 4 ID images, 5 selfie, 6 submitted. */
export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6;

export interface WizardData {
  step: WizardStep;
  country: string;
  idType: IdType | null;
  front: File | null;
  back: File | null;
  selfie: File | null;
}

export const initialWizard: WizardData = {
  step: 1,
  country: VERIFICATION_DEFAULT_COUNTRY,
  idType: null,
  front: null,
  back: null,
  selfie: null,
};

/** "Step n of 5": the intro is not counted, so step 2 is the first of five. */
export const VISIBLE_STEPS = 5;
export function visibleStep(step: WizardStep): number {
  return step - 1;
}

/** Spec 3 §5: Next is disabled on step 2 with no country, on step 4 without the front (or the back when needed), on step 5 without a selfie. */
export function canGoNext(data: WizardData): boolean {
  switch (data.step) {
    case 2:
      return data.country !== '';
    case 3:
      return data.idType !== null;
    case 4:
      return data.front !== null && (!data.idType?.needsBack || data.back !== null);
    case 5:
      return data.selfie !== null;
    default:
      return false;
  }
}

/** What the submit checks before sending (spec 3 §5), in the spec's words; null when the form can go. */
export function submitProblem(data: WizardData, userId: string | null): string | null {
  if (!userId) return m.userIdMissingSubmit;
  if (!data.idType || !ID_TYPES.some((type) => type.apiValue === data.idType?.apiValue)) return m.idTypeInvalid;
  if (!data.selfie || !data.front) return m.imagesMissing;
  if (data.idType.needsBack && !data.back) return backRequiredMessage(data.idType.name);
  return null;
}

/** The upload's multipart form: spec 3 §7's fields, the back only where the type has one, and the confirmed country. */
export function uploadForm(data: WizardData): FormData {
  const form = new FormData();
  if (!data.idType) throw new Error(m.invalidDocumentType);
  form.append('document_type', data.idType.apiValue);
  form.append('country', data.country);
  if (data.selfie) form.append('captured_selfie', data.selfie);
  if (data.front) form.append('front_captured_image', data.front);
  if (data.idType.needsBack && data.back) form.append('back_captured_image', data.back);
  return form;
}

const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg']);
const ACCEPTED_EXTENSION = /\.(png|jpe?g)$/i;

const notImage: Record<KycFileField, string> = {
  captured_selfie: m.selfieNotImage,
  front_captured_image: m.frontNotImage,
  back_captured_image: m.backNotImage,
};
const tooLarge: Record<KycFileField, string> = {
  captured_selfie: m.selfieTooLarge,
  front_captured_image: m.frontTooLarge,
  back_captured_image: m.backTooLarge,
};

/** Spec 3 §5: files must be png, jpeg or jpg; the server's 10 MB limit, checked before the upload. */
export function fileProblem(field: KycFileField, file: File): string | null {
  const typeOk = file.type ? ACCEPTED_TYPES.has(file.type) : ACCEPTED_EXTENSION.test(file.name);
  if (!typeOk) return notImage[field];
  if (file.size > KYC_IMAGE_MAX_BYTES) return tooLarge[field];
  return null;
}

/** The accept attribute of the file inputs. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
