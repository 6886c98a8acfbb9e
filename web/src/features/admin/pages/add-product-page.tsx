import { DeskPageTitle } from "@/components/page-title";
import { PRODUCT_DEFAULT_STOCK } from "@/features/admin/config";
import { useAddProduct } from "@/features/admin/api/add-product";
import { ProductForm } from "@/features/admin/components/product-form";
import { t } from "@/features/admin/messages";
import { emptyProductForm } from "@/features/admin/utils/product-form";
import { notifyAdded } from "@/lib/toast";

const EMPTY_FORM = emptyProductForm(PRODUCT_DEFAULT_STOCK);

/**
 * /dashboard/addproduct (SPEC sections 2, 5 and 7): the new-product form. On success: 'Product
 * Added Successfully', the form starts again, and every product list in the shop is refreshed.
 */
export function AddProductPage() {
  const add = useAddProduct();
  return (
    <>
      <DeskPageTitle
        title={t("admin.addProduct.title")}
        documentTitle={t("admin.addProduct.documentTitle")}
        subtitle={t("admin.addProduct.subtitle")}
      />
      <ProductForm
        label={t("admin.addProduct.form")}
        defaultValues={EMPTY_FORM}
        submitLabel={t("admin.addProduct.submit")}
        resetOnSuccess
        onSubmit={async (payload) => {
          await add.mutateAsync(payload);
          notifyAdded(t("admin.productAdded"));
        }}
      />
    </>
  );
}
