// The sector bodies are shared with the back office's screens.
export { createSectorBody, updateSectorBody, type CreateSectorInput, type UpdateSectorInput } from '@app/contracts/catalogue';
