// The category bodies are shared with the back office's screens.
export {
  CATEGORY_TYPES,
  categoryFeatureBody,
  createCategoryBody,
  fileUnderCategoryBody,
  reorderCategoriesBody,
  updateCategoryBody,
  type CategoryType,
  type CreateCategoryInput,
  type ReorderCategoriesInput,
  type UpdateCategoryInput,
} from '@app/contracts/catalogue';
